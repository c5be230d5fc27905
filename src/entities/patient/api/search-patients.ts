import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { foldName, normalizePatientTerm, patientNameRegex } from '../name-match';
import { patientQueryKeys } from '../query-keys';

export type PickedPatient = Pick<PatientRow, 'id' | 'name' | 'phone'>;

/** How many matches a picker lists; typing more narrows it down. */
export const PATIENT_SEARCH_LIMIT = 20;

/**
 * The clinic's patients that are not deleted whose name holds `term` (name-match.ts: case and
 * accents do not matter), the first ones by name when it is blank. Searched in the database: a
 * clinic may hold thousands of patients.
 */
export async function searchPatientsByName(clinicId: number, term: string): Promise<PickedPatient[]> {
  let query = getSupabase().from('patients').select('id, name, phone').eq('clinic_id', clinicId).eq('deleted', false);
  const pattern = patientNameRegex(term);
  if (pattern) query = query.regexIMatch('name', pattern);
  return throwOnError(await query.order('name').order('id').limit(PATIENT_SEARCH_LIMIT));
}

export function usePatientNameSearch(clinicId: number, term: string, enabled: boolean) {
  const folded = foldName(normalizePatientTerm(term));
  return useQuery({
    queryKey: patientQueryKeys.search(clinicId, folded),
    queryFn: () => searchPatientsByName(clinicId, folded),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
