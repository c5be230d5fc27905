import type { AppointmentStatus, StatusNotificationBody, StatusNotificationResponse } from '@common/contract';
import { callService } from '@/lib/service-client';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { appointmentKeys } from '../../model/query-keys';
import { NOTIFY_FALLBACK_ERROR } from '../messages';

export interface StatusNotification {
  clinicId: number;
  appointmentId: number;
  status: AppointmentStatus;
  message: string;
}

/**
 * POST /status-notifications/{id} to the notification service: tells the patient on
 * Messenger. A blank custom message is left out, so the service uses its default text. Rejects
 * with a ServiceError whose message is the service's `error` text.
 */
export async function notifyStatusChange(input: StatusNotification): Promise<StatusNotificationResponse | null> {
  const message = input.message.trim();
  return callService<StatusNotificationResponse>(`/status-notifications/${input.appointmentId}`, {
    body: {
      status: input.status,
      ...(message ? { message } : {}),
      clinic_id: input.clinicId,
    } satisfies StatusNotificationBody,
    fallbackError: NOTIFY_FALLBACK_ERROR,
  });
}

/** Notifies the patient once per appointment at a time. Nothing to read again: no row changes. */
export function useNotifyStatusChange() {
  return useGuardedMutation({
    mutationKey: (input: StatusNotification) => appointmentKeys.notifyStatus(input.appointmentId),
    mutationFn: notifyStatusChange,
  });
}
