import { useQuery } from '@tanstack/react-query';
import type { DentistRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';
import { sortByName } from '../choices';

export type BookingDentist = Pick<DentistRow, 'id' | 'name' | 'is_active'>;

/**
 * The clinic's dentists for the Dentist select (dentists read for the clinic), soft-deleted ones
 * left out (RLS does not hide them), inactive ones kept (shown disabled), by name.
 */
export async function getBookingDentists(clinicId: number): Promise<BookingDentist[]> {
  const { data, error, status } = await getSupabase()
    .from('dentists')
    .select('id, name, is_active')
    .eq('clinic_id', clinicId)
    .eq('deleted', false);
  if (error) throw toRequestError(error, status);
  return sortByName(data);
}

export function useBookingDentists(clinicId: number) {
  return useQuery({
    queryKey: appointmentKeys.dentists(clinicId),
    queryFn: () => getBookingDentists(clinicId),
    staleTime: 30_000,
  });
}
