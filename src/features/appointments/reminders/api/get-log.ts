import { useQuery } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';
import type { ReminderLogEntry } from '../log';

export const reminderLogKey = (clinicId: number, appointmentId: number) =>
  [...appointmentKeys.reminders(clinicId, appointmentId), 'log'] as const;

/** Every reminder sent for the appointment, newest first. */
export async function getReminderLog(clinicId: number, appointmentId: number): Promise<ReminderLogEntry[]> {
  const { data, error, status } = await getSupabase()
    .from('appointment_reminders')
    .select('id, sent_on, days_ahead, messenger_id, is_manual, outcome, error')
    .eq('appointment_id', appointmentId)
    .eq('clinic_id', clinicId)
    .order('sent_on', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw toRequestError(error, status);
  return data;
}

export function useReminderLog(clinicId: number, appointmentId: number) {
  return useQuery({
    queryKey: reminderLogKey(clinicId, appointmentId),
    queryFn: () => getReminderLog(clinicId, appointmentId),
    staleTime: 0,
  });
}
