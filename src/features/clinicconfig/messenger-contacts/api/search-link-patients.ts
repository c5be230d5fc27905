import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PatientRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { linkPatientPattern, normalizeLinkTerm } from '../link-contact';
import { contactKeys } from './query-keys';

/** What the search shows of a patient, and the Messenger ID a link would replace. */
export type LinkPatient = Pick<PatientRow, 'id' | 'name' | 'phone' | 'messenger_id'>;

/** The columns of a LinkPatient. */
export const LINK_PATIENT_COLUMNS = 'id, name, phone, messenger_id';

/** How many matches the dropdown lists; typing more narrows it down. */
export const LINK_SEARCH_LIMIT = 20;

/** The clinic's patients that are not deleted whose name contains `term`; the first by name when blank. */
export async function searchLinkPatients(clinicId: number, term: string): Promise<LinkPatient[]> {
  let query = getSupabase()
    .from('patients')
    .select(LINK_PATIENT_COLUMNS)
    .eq('clinic_id', clinicId)
    .eq('deleted', false);
  const pattern = linkPatientPattern(term);
  if (pattern) query = query.ilike('name', pattern);
  return throwOnError(await query.order('name').order('id').limit(LINK_SEARCH_LIMIT));
}

export function useLinkPatientSearch(clinicId: number, term: string, enabled: boolean) {
  const normalized = normalizeLinkTerm(term);
  return useQuery({
    queryKey: contactKeys.patients(clinicId, normalized),
    queryFn: () => searchLinkPatients(clinicId, normalized),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
