/**
 * Add Invoice's patient search runs in the database (a clinic may hold thousands of patients): a
 * case-insensitive substring of the name (spec §2 "patient search by name"). What the user typed is
 * matched literally: LIKE's wildcards and escape are escaped, and the pattern is double-quoted for
 * PostgREST. Pure.
 */

/** Longest term sent; names are at most 200 characters. */
export const MAX_PATIENT_SEARCH_LENGTH = 100;

export function normalizePatientTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ').slice(0, MAX_PATIENT_SEARCH_LENGTH);
}

/** The `ilike` pattern for a typed term, or undefined for a blank one (the first patients by name). */
export function patientNamePattern(term: string): string | undefined {
  const normalized = normalizePatientTerm(term);
  if (normalized === '') return undefined;
  return `*${normalized.replace(/[\\%_*]/g, (char) => `\\${char}`)}*`;
}
