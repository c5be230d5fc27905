import { useQuery } from '@tanstack/react-query';
import type { DentistAvailabilityRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { dentistKeys } from '../../model/query-keys';

export type AvailabilityBlock = Pick<
  DentistAvailabilityRow,
  'id' | 'dentist_id' | 'specific_date' | 'start_time' | 'end_time' | 'is_available'
>;

/**
 * The dentist's blocks (select by dentist_id and clinic_id) from the clinic's today on: the
 * calendar cannot reach earlier dates, so older blocks are history nobody edits.
 */
export async function getDentistAvailability(
  clinicId: number,
  dentistId: number,
  fromDate: string,
): Promise<AvailabilityBlock[]> {
  return throwOnError(
    await getSupabase()
      .from('dentist_availability')
      .select('id, dentist_id, specific_date, start_time, end_time, is_available')
      .eq('dentist_id', dentistId)
      .eq('clinic_id', clinicId)
      .gte('specific_date', fromDate)
      .order('specific_date')
      .order('start_time'),
  );
}

export function useDentistAvailability(clinicId: number, dentistId: number | null, fromDate: string) {
  return useQuery({
    queryKey: [...dentistKeys.availability(clinicId, dentistId ?? -1), fromDate],
    queryFn: () => getDentistAvailability(clinicId, dentistId!, fromDate),
    enabled: dentistId !== null,
    staleTime: 0,
  });
}
