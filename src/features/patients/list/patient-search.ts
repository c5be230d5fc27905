/**
 * The Patients screen's search box ('Search patients…'): a case-insensitive substring match on
 * name, phone or messenger_id (spec part 1 §5). Pure: never mutates the list it is given.
 */

/** The fields the search looks at; rows may carry more (id, clinic_id, …). */
export interface SearchablePatient {
  name: string;
  phone: string | null;
  messenger_id: string | null;
}

/** The query as matched: trimmed and lower-cased. An empty result means "match everyone". */
export function normalizePatientQuery(query: string): string {
  return query.trim().toLowerCase();
}

function haystackOf(patient: SearchablePatient): string[] {
  return [patient.name, patient.phone ?? '', patient.messenger_id ?? ''].map((field) => field.toLowerCase());
}

/** True when the name, phone or messenger_id contains the query, ignoring case and surrounding spaces. */
export function matchesPatientSearch(patient: SearchablePatient, query: string): boolean {
  const needle = normalizePatientQuery(query);
  return needle === '' || haystackOf(patient).some((field) => field.includes(needle));
}

/** The patients matching the query, in their original order, as a new array. */
export function searchPatients<P extends SearchablePatient>(patients: readonly P[], query: string): P[] {
  const needle = normalizePatientQuery(query);
  if (needle === '') return [...patients];
  return patients.filter((patient) => haystackOf(patient).some((field) => field.includes(needle)));
}

/**
 * A search over a fixed list that lower-cases every patient once instead of on each keystroke
 * (10,000 patients: one pass of `includes` per keystroke), on the first search: opening the tab
 * shows every patient and needs none of it. Build it again when the list changes.
 */
export function createPatientSearch<P extends SearchablePatient>(patients: readonly P[]): (query: string) => P[] {
  const list = [...patients];
  let entries: { patient: P; haystack: string[] }[] | undefined;
  return (query) => {
    const needle = normalizePatientQuery(query);
    if (needle === '') return [...list];
    entries ??= list.map((patient) => ({ patient, haystack: haystackOf(patient) }));
    const found: P[] = [];
    for (const entry of entries) {
      if (entry.haystack.some((field) => field.includes(needle))) found.push(entry.patient);
    }
    return found;
  };
}
