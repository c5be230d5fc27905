/**
 * A patient search by name, phone or Messenger id (the booking form's type-ahead), run in the
 * database: a clinic may hold thousands of patients. The name follows the one patient-name rule
 * (./name-match.ts: case and accents do not matter, 'nina' finds 'Niña'); phone and Messenger id
 * are a case-insensitive substring, as the Patients screen searches them. This builds the PostgREST
 * `or` filter for a typed term, so that what the user typed is matched literally: LIKE's own
 * wildcards (`%`, `_`) and its escape (`\`) are escaped, and every value is double-quoted because a
 * logic tree splits on `,`, `(` and `)`. PostgREST turns `*` into `%` in a LIKE whatever the
 * quoting, so a typed `*` matches "anything" in phone and Messenger id.
 */
import { normalizePatientTerm, patientNameRegex } from './name-match';

function likePattern(term: string): string {
  return `*${term.replace(/[\\%_]/g, (char) => `\\${char}`)}*`;
}

function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * `name.imatch."<the name rule>",phone.ilike."*term*",messenger_id.ilike."*term*"` for `.or()`,
 * or undefined for a blank term (no filter: the first patients by name).
 */
export function patientContactFilter(term: string): string | undefined {
  const normalized = normalizePatientTerm(term);
  const nameRegex = patientNameRegex(normalized);
  if (nameRegex === undefined) return undefined;
  const like = quoted(likePattern(normalized));
  return [`name.imatch.${quoted(nameRegex)}`, `phone.ilike.${like}`, `messenger_id.ilike.${like}`].join(',');
}
