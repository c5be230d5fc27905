import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { recallKeys } from '../../model/query-keys';

/** An open booking request (public.recall_request_list): a patient tapped Book on a recall. */
export interface BookingRequest {
  id: number;
  patient_id: number;
  patient_name: string;
  patient_phone: string;
  created_at: string;
  recalled_at: string | null;
}

export async function getBookingRequests(clinicId: number): Promise<BookingRequest[]> {
  const rows = throwOnError(await getSupabase().rpc('recall_request_list', { p_clinic_id: clinicId }));
  return rows as unknown as BookingRequest[];
}

export function useBookingRequests(clinicId: number) {
  return useQuery({ queryKey: recallKeys.requests(clinicId), queryFn: () => getBookingRequests(clinicId) });
}
