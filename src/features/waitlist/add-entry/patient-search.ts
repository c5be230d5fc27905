/**
 * The patient search of Add to Waitlist runs in the database: a case-insensitive substring of the
 * name, matched literally (LIKE's wildcards and escape are escaped for PostgREST). Pure.
 */
export const MAX_PATIENT_SEARCH_LENGTH = 100;

export function normalizePatientTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ').slice(0, MAX_PATIENT_SEARCH_LENGTH);
}

/** The `ilike` pattern for a typed term, or undefined for a blank one. */
export function patientNamePattern(term: string): string | undefined {
  const normalized = normalizePatientTerm(term);
  if (normalized === '') return undefined;
  return `*${normalized.replace(/[\\%_*]/g, (char) => `\\${char}`)}*`;
}
