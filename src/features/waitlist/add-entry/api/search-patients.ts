import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { waitlistKeys } from '../../model/query-keys';
import { normalizePatientTerm, patientNamePattern } from '../patient-search';

export type WaitlistPatient = Pick<PatientRow, 'id' | 'name' | 'phone' | 'messenger_id'>;

export const PATIENT_SEARCH_LIMIT = 20;

/** The clinic's live patients whose name contains `term`, the first ones by name when it is blank. */
export async function searchWaitlistPatients(clinicId: number, term: string): Promise<WaitlistPatient[]> {
  let query = getSupabase()
    .from('patients')
    .select('id, name, phone, messenger_id')
    .eq('clinic_id', clinicId)
    .eq('deleted', false);
  const pattern = patientNamePattern(term);
  if (pattern) query = query.ilike('name', pattern);
  return throwOnError(await query.order('name').order('id').limit(PATIENT_SEARCH_LIMIT));
}

export function useWaitlistPatientSearch(clinicId: number, term: string, enabled: boolean) {
  const normalized = normalizePatientTerm(term);
  return useQuery({
    queryKey: [...waitlistKeys.patients(clinicId), normalized],
    queryFn: () => searchWaitlistPatients(clinicId, normalized),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
