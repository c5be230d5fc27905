/**
 * A patient search by name, phone or Messenger id (the booking form's type-ahead), run in the
 * database: a clinic may hold thousands of patients. The name follows the one patient-name rule
 * (./name-match.ts: case and accents do not matter, 'nina' finds 'Niña'); phone and Messenger id
 * are a case-insensitive substring, as the Patients screen searches them. This builds the LIKE
 * pattern the database function `search_patients` matches phone and Messenger id against (ILIKE),
 * so that what the user typed is matched literally: LIKE's own wildcards (`%`, `_`) and its escape
 * (`\`) are escaped. A typed `*` is literal too: it was PostgREST's wildcard while the search went
 * in the URL, and is nothing special in SQL.
 */
import { normalizePatientTerm } from './name-match';

/** `%term%` with the term's `%`, `_` and `\` escaped, or undefined for a blank term (no filter). */
export function patientContactPattern(term: string): string | undefined {
  const normalized = normalizePatientTerm(term);
  if (normalized === '') return undefined;
  return `%${normalized.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
