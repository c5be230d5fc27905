import { useQuery } from '@tanstack/react-query';
import type { AppointmentRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { dentistKeys } from '../../model/query-keys';

export type DentistAppointment = Pick<AppointmentRow, 'id' | 'appointment_time' | 'patient_id' | 'reason'>;

/**
 * The dentist's non-deleted appointments for the availability grid's "booked" hours (read
 * by dentist_id and clinic_id, deleted=false, then filtered to the chosen day on the client).
 * Only those from `since` on are read: the calendar starts at the clinic's today, so years of
 * history would only cost bandwidth. `since` must lie at least a day before that today.
 */
export async function getDentistAppointments(
  clinicId: number,
  dentistId: number,
  since: string,
): Promise<DentistAppointment[]> {
  return throwOnError(
    await getSupabase()
      .from('appointments')
      .select('id, appointment_time, patient_id, reason')
      .eq('dentist_id', dentistId)
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .gte('appointment_time', since)
      .order('appointment_time'),
  );
}

export function useDentistAppointments(clinicId: number, dentistId: number | null, since: string) {
  return useQuery({
    queryKey: [...dentistKeys.appointments(clinicId, dentistId ?? -1), since],
    queryFn: () => getDentistAppointments(clinicId, dentistId!, since),
    enabled: dentistId !== null,
    staleTime: 0,
  });
}
