import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';

export interface AppointmentTimeSpan {
  /** The earliest non-deleted appointment's time, or null when the clinic has none. */
  earliest: string | null;
  latest: string | null;
}

async function edge(clinicId: number, ascending: boolean): Promise<string | null> {
  const rows = throwOnError(
    await getSupabase()
      .from('appointments')
      .select('appointment_time')
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .order('appointment_time', { ascending })
      .limit(1),
  );
  return rows[0]?.appointment_time ?? null;
}

/**
 * The first and last appointment times of the clinic, for the Year filter: two one-row
 * reads on the (clinic_id, appointment_time) index instead of every appointment.
 */
export async function getAppointmentTimeSpan(clinicId: number): Promise<AppointmentTimeSpan> {
  const [earliest, latest] = await Promise.all([edge(clinicId, true), edge(clinicId, false)]);
  return { earliest, latest };
}

export function useAppointmentTimeSpan(clinicId: number, enabled = true) {
  return useQuery({
    queryKey: [...appointmentKeys.list(clinicId), 'time-span'] as const,
    queryFn: () => getAppointmentTimeSpan(clinicId),
    enabled,
  });
}
