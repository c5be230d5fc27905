import type { PostgrestClient } from '@supabase/postgrest-js';
import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { appointmentKeys } from '../query-keys';
import type { ReminderLogEntry } from '../reminder-log';

/**
 * appointment_reminders is not described in src/lib/database.types.ts yet; until it is, this is
 * the part of the schema the log reads (the table is read-only to browsers).
 */
type ReminderLogSchema = {
  public: {
    Tables: {
      appointment_reminders: {
        Row: ReminderLogEntry & { appointment_id: number; clinic_id: number };
        Insert: never;
        Update: never;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};

const reminderLogTable = () =>
  (getSupabase().from as unknown as PostgrestClient<ReminderLogSchema>['from'])('appointment_reminders');

export const reminderLogKey = (clinicId: number, appointmentId: number) =>
  [...appointmentKeys.reminders(clinicId, appointmentId), 'log'] as const;

/** Every reminder sent for the appointment, newest first (spec part 2 §7). */
export async function getReminderLog(clinicId: number, appointmentId: number): Promise<ReminderLogEntry[]> {
  const { data, error } = await reminderLogTable()
    .select('id, sent_on, days_ahead, messenger_id, is_manual, outcome, error')
    .eq('appointment_id', appointmentId)
    .eq('clinic_id', clinicId)
    .order('sent_on', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return data;
}

export function useReminderLog(clinicId: number, appointmentId: number) {
  return useQuery({
    queryKey: reminderLogKey(clinicId, appointmentId),
    queryFn: () => getReminderLog(clinicId, appointmentId),
    staleTime: 0,
  });
}
