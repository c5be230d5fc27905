import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';
import { normalizePatientSearch, patientSearchFilter } from '../patient-search-filter';

export type BookingPatient = Pick<PatientRow, 'id' | 'name' | 'phone'>;

/** How many matches the type-ahead lists; typing more narrows it down. */
export const PATIENT_SEARCH_LIMIT = 20;

/**
 * The clinic's patients that are not deleted whose name, phone or Messenger id contains `term`
 * (the first ones by name when it is blank), searched in the database: a clinic may hold
 * thousands of patients, so the form never reads them all.
 */
export async function searchBookingPatients(clinicId: number, term: string): Promise<BookingPatient[]> {
  let query = getSupabase().from('patients').select('id, name, phone').eq('clinic_id', clinicId).eq('deleted', false);
  const filter = patientSearchFilter(term);
  if (filter) query = query.or(filter);
  const { data, error, status } = await query.order('name').order('id').limit(PATIENT_SEARCH_LIMIT);
  if (error) throw toRequestError(error, status);
  return data;
}

export function usePatientSearch(clinicId: number, term: string, enabled: boolean) {
  const normalized = normalizePatientSearch(term);
  return useQuery({
    queryKey: [...appointmentKeys.patients(clinicId), 'search', normalized],
    queryFn: () => searchBookingPatients(clinicId, normalized),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
