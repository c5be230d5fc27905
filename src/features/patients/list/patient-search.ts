/**
 * The Patients screen's search box ('Search patients…'): a case-insensitive substring match on
 * name, phone or messenger_id, folded by the patient entity's name rule (accents
 * do not matter either: 'nina' finds 'Niña'; runs of spaces count as one). Pure: never mutates
 * the list it is given.
 */
import { foldName } from '@/entities/patient';

/** The fields the search looks at; rows may carry more (id, clinic_id, …). */
export interface SearchablePatient {
  name: string;
  phone: string | null;
  messenger_id: string | null;
}

/** The query as matched: folded (foldName). An empty result means "match everyone". */
export function normalizePatientQuery(query: string): string {
  return foldName(query);
}

function haystackOf(patient: SearchablePatient): string[] {
  return [patient.name, patient.phone ?? '', patient.messenger_id ?? ''].map(foldName);
}

/** True when the name, phone or messenger_id contains the query, ignoring case, accents and extra spaces. */
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
 * A search over a fixed list that folds every patient once instead of on each keystroke
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
