import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { billingKeys } from '../../model/query-keys';
import { normalizePatientTerm, patientNamePattern } from '../patient-search';

export type InvoicePatient = Pick<PatientRow, 'id' | 'name' | 'phone'>;

/** How many matches the dropdown lists; typing more narrows it down. */
export const PATIENT_SEARCH_LIMIT = 20;

/**
 * The clinic's patients that are not deleted whose name contains `term` (spec §7 "patients: read
 * by clinic (for invoices)"), the first ones by name when it is blank.
 */
export async function searchInvoicePatients(clinicId: number, term: string): Promise<InvoicePatient[]> {
  let query = getSupabase().from('patients').select('id, name, phone').eq('clinic_id', clinicId).eq('deleted', false);
  const pattern = patientNamePattern(term);
  if (pattern) query = query.ilike('name', pattern);
  return throwOnError(await query.order('name').order('id').limit(PATIENT_SEARCH_LIMIT));
}

export function useInvoicePatientSearch(clinicId: number, term: string, enabled: boolean) {
  const normalized = normalizePatientTerm(term);
  return useQuery({
    queryKey: [...billingKeys.patients(clinicId), normalized],
    queryFn: () => searchInvoicePatients(clinicId, normalized),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
