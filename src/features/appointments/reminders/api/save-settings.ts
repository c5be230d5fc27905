import { useQueryClient } from '@tanstack/react-query';
import type { AppointmentRow } from '@/lib/database.types';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';
import type { ReminderSettings } from '../settings';
import { reminderSettingsKey, type ReminderAppointment } from './get-appointment';

type SavedReminderSettings = Pick<
  AppointmentRow,
  'reminder_enabled' | 'reminder_days' | 'reminder_message' | 'reminder_recipient_type'
>;

/**
 * 'Save Settings': sets reminder_enabled, reminder_days, reminder_message and
 * reminder_recipient_type by id and clinic, and answers what was stored. An appointment gone
 * meanwhile (deleted, or never in this clinic) is a 'gone' RequestError: nothing was saved.
 */
export async function saveReminderSettings(
  clinicId: number,
  appointmentId: number,
  settings: ReminderSettings,
): Promise<SavedReminderSettings> {
  const rows = throwOnError(
    await trackOwnWrite(
      getSupabase()
        .from('appointments')
        .update({
          reminder_enabled: settings.reminder_enabled,
          reminder_days: [...settings.reminder_days],
          reminder_message: settings.reminder_message,
          reminder_recipient_type: settings.reminder_recipient_type,
        })
        .eq('id', appointmentId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .select('id, updated_at, reminder_enabled, reminder_days, reminder_message, reminder_recipient_type'),
    ),
  );
  const { reminder_enabled, reminder_days, reminder_message, reminder_recipient_type } = firstRowOrGone(rows);
  return { reminder_enabled, reminder_days, reminder_message, reminder_recipient_type };
}

/** Saves once at a time for the appointment; the modal's cached settings become what was stored. */
export function useSaveReminderSettings(clinicId: number, appointmentId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: appointmentKeys.saveReminderSettings(appointmentId),
    mutationFn: (settings: ReminderSettings) => saveReminderSettings(clinicId, appointmentId, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData<ReminderAppointment | null>(reminderSettingsKey(clinicId, appointmentId), (cached) =>
        cached ? { ...cached, ...saved } : cached,
      );
    },
  });
}
