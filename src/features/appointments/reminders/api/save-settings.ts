import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AppointmentRow } from '@/lib/database.types';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import type { ReminderSettings } from '../settings';
import { reminderSettingsKey, type ReminderAppointment } from './get-appointment';

type SavedReminderSettings = Pick<
  AppointmentRow,
  'reminder_enabled' | 'reminder_days' | 'reminder_message' | 'reminder_recipient_type'
>;

/** The appointment is gone (deleted meanwhile, or never in this clinic): nothing was saved. */
export class ReminderAppointmentGoneError extends Error {
  constructor() {
    super('The appointment no longer exists.');
    this.name = 'ReminderAppointmentGoneError';
  }
}

/**
 * 'Save Settings': sets reminder_enabled, reminder_days, reminder_message and
 * reminder_recipient_type by id and clinic (spec part 2 §7), and answers what was stored.
 */
export async function saveReminderSettings(
  clinicId: number,
  appointmentId: number,
  settings: ReminderSettings,
): Promise<SavedReminderSettings> {
  const { data, error } = await getSupabase()
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
    .select('reminder_enabled, reminder_days, reminder_message, reminder_recipient_type');
  if (error) throw error;
  const saved = data[0];
  if (!saved) throw new ReminderAppointmentGoneError();
  return saved;
}

export function useSaveReminderSettings(clinicId: number, appointmentId: number) {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (settings: ReminderSettings) => {
      const saved = await saveReminderSettings(clinicId, appointmentId, settings);
      queryClient.setQueryData<ReminderAppointment | null>(reminderSettingsKey(clinicId, appointmentId), (cached) =>
        cached ? { ...cached, ...saved } : cached,
      );
      return saved;
    },
    [clinicId, appointmentId, queryClient],
  );
  return useAction(operation);
}
