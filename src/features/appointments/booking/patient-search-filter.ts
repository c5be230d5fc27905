/**
 * The booking form's patient type-ahead runs in the database (a clinic may hold thousands of
 * patients): a case-insensitive substring of name, phone or Messenger id, as the Patients screen
 * searches. This builds the PostgREST `or` filter for a typed term, so that what the user typed is
 * matched literally: LIKE's own wildcards (`%`, `_`) and its escape (`\`) are escaped, and the
 * pattern is double-quoted because a logic tree splits on `,`, `(` and `)`. PostgREST turns `*`
 * into `%` whatever the quoting, so a typed `*` is matched as "anything".
 */

/** Columns the type-ahead matches. */
export const PATIENT_SEARCH_COLUMNS = ['name', 'phone', 'messenger_id'] as const;

/** Longest term sent; the database columns are at most 200 characters. */
export const MAX_PATIENT_SEARCH_LENGTH = 100;

/** The term as it is searched: trimmed, inner runs of whitespace kept, cut at the limit. */
export function normalizePatientSearch(term: string): string {
  return term.trim().slice(0, MAX_PATIENT_SEARCH_LENGTH);
}

function likePattern(term: string): string {
  return `*${term.replace(/[\\%_]/g, (char) => `\\${char}`)}*`;
}

function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * `name.ilike."*term*",phone.ilike."*term*",messenger_id.ilike."*term*"` for `.or()`, or
 * undefined for a blank term (no filter: the first patients by name).
 */
export function patientSearchFilter(term: string): string | undefined {
  const normalized = normalizePatientSearch(term);
  if (normalized === '') return undefined;
  const pattern = quoted(likePattern(normalized));
  return PATIENT_SEARCH_COLUMNS.map((column) => `${column}.ilike.${pattern}`).join(',');
}
