import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callService } from '@/lib/service-client';
import { useAction } from '@/lib/use-action';
import { SEND_FALLBACK_ERROR, type SendReminderBody } from '../manual-reminder';
import { reminderLogKey } from './get-log';

/**
 * 'Send Reminder Now': the notification service sends the reminder and logs it (spec part 2 §7).
 * Rejects with a ServiceError carrying the service's `error` text.
 */
export async function sendReminder(clinicId: number, appointmentId: number, body: SendReminderBody): Promise<void> {
  await callService(`/appointments/${appointmentId}/send-reminder`, {
    query: { clinic_id: clinicId },
    body,
    fallbackError: SEND_FALLBACK_ERROR,
  });
}

/**
 * Sends, then refreshes the log, which gains the new row whether the send worked or not. Resolves
 * true once sent (useAction answers undefined for a click it ignored while one was running).
 */
export function useSendReminder(clinicId: number, appointmentId: number) {
  const queryClient = useQueryClient();
  const operation = useCallback(
    async (body: SendReminderBody) => {
      try {
        await sendReminder(clinicId, appointmentId, body);
        return true;
      } finally {
        void queryClient.invalidateQueries({ queryKey: reminderLogKey(clinicId, appointmentId) });
      }
    },
    [clinicId, appointmentId, queryClient],
  );
  return useAction(operation);
}
