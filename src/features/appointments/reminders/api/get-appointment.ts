import { useQuery } from '@tanstack/react-query';
import type { AppointmentRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../../model/query-keys';

export type ReminderAppointment = Pick<
  AppointmentRow,
  | 'id'
  | 'appointment_time'
  | 'status'
  | 'guardian_messenger_id'
  | 'reminder_enabled'
  | 'reminder_days'
  | 'reminder_message'
  | 'reminder_recipient_type'
> & {
  patients: { name: string; messenger_id: string | null } | null;
};

export const REMINDER_APPOINTMENT_COLUMNS =
  'id, appointment_time, status, guardian_messenger_id, reminder_enabled, reminder_days, reminder_message, reminder_recipient_type, patients(name, messenger_id)';

export const reminderSettingsKey = (clinicId: number, appointmentId: number) =>
  [...appointmentKeys.reminders(clinicId, appointmentId), 'settings'] as const;

/**
 * The appointment the Reminder modal is about, with its patient's name (read one
 * by id with the patient name). null when there is no such live appointment in the clinic.
 */
export async function getReminderAppointment(
  clinicId: number,
  appointmentId: number,
): Promise<ReminderAppointment | null> {
  const { data, error, status } = await getSupabase()
    .from('appointments')
    .select(REMINDER_APPOINTMENT_COLUMNS)
    .eq('id', appointmentId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    // database.types.ts declares no relationships, so the embed is typed here.
    .overrideTypes<ReminderAppointment[], { merge: false }>();
  if (error) throw toRequestError(error, status);
  return data[0] ?? null;
}

/** Read afresh each time the modal opens: another user may have changed the settings. */
export function useReminderAppointment(clinicId: number, appointmentId: number) {
  return useQuery({
    queryKey: reminderSettingsKey(clinicId, appointmentId),
    queryFn: () => getReminderAppointment(clinicId, appointmentId),
    staleTime: 0,
  });
}
