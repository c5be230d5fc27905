import { useQueryClient } from '@tanstack/react-query';
import type { ManualReminderBody, ManualReminderResponse } from '@common/contract';
import { callService } from '@/lib/service-client';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { appointmentKeys } from '../../model/query-keys';
import { SEND_FALLBACK_ERROR } from '../messages';
import { reminderLogKey } from './get-log';

/**
 * 'Send Reminder Now': the notification service sends the reminder and logs it.
 * Rejects with a ServiceError carrying the service's `error` text.
 */
export async function sendReminder(
  clinicId: number,
  appointmentId: number,
  body: ManualReminderBody,
): Promise<ManualReminderResponse | null> {
  return callService<ManualReminderResponse>(`/appointments/${appointmentId}/send-reminder`, {
    query: { clinic_id: clinicId },
    body,
    fallbackError: SEND_FALLBACK_ERROR,
  });
}

/** Sends once at a time for the appointment, then reads the log again: it gains a row whether the send worked or not. */
export function useSendReminder(clinicId: number, appointmentId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: appointmentKeys.sendReminder(appointmentId),
    mutationFn: (body: ManualReminderBody) => sendReminder(clinicId, appointmentId, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reminderLogKey(clinicId, appointmentId) });
    },
  });
}
