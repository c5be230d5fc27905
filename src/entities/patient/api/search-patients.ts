import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { patientContactFilter } from '../contact-search';
import { foldName, normalizePatientTerm, patientNameRegex } from '../name-match';
import { patientQueryKeys } from '../query-keys';

export type PickedPatient = Pick<PatientRow, 'id' | 'name' | 'phone'>;

/** How many matches a picker lists; typing more narrows it down. */
export const PATIENT_SEARCH_LIMIT = 20;

/** Where a search looks for the term: the name alone, or the name, the phone and the Messenger id. */
export type PatientSearchScope = 'name' | 'name-or-contact';

/**
 * The clinic's patients that are not deleted whose name (name-match.ts: case and accents do not
 * matter) or, with 'name-or-contact', phone or Messenger id (contact-search.ts) holds `term`; the
 * first ones by name when it is blank. Searched in the database: a clinic may hold thousands of
 * patients.
 */
export async function searchPatients(
  clinicId: number,
  term: string,
  scope: PatientSearchScope,
): Promise<PickedPatient[]> {
  let query = getSupabase().from('patients').select('id, name, phone').eq('clinic_id', clinicId).eq('deleted', false);
  if (scope === 'name') {
    const pattern = patientNameRegex(term);
    if (pattern) query = query.regexIMatch('name', pattern);
  } else {
    const filter = patientContactFilter(term);
    if (filter) query = query.or(filter);
  }
  return throwOnError(await query.order('name').order('id').limit(PATIENT_SEARCH_LIMIT));
}

export function usePatientNameSearch(clinicId: number, term: string, enabled: boolean) {
  const folded = foldName(normalizePatientTerm(term));
  return useQuery({
    queryKey: patientQueryKeys.search(clinicId, folded),
    queryFn: () => searchPatients(clinicId, folded, 'name'),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
