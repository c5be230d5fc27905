import { useQueryClient } from '@tanstack/react-query';
import type { RecallSendResponse } from '@common/contract/recall';
import { callService } from '@/lib/service-client';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { RECALLS_TEXT } from '../../model/messages';
import { recallKeys } from '../../model/query-keys';

/**
 * 'Send recall': the notification service sends the recall over Messenger and logs it; it refuses
 * (409) a patient recalled in the last 30 days. Rejects with a ServiceError carrying its `error`.
 */
export async function sendRecall(clinicId: number, patientId: number): Promise<RecallSendResponse | null> {
  return callService<RecallSendResponse>(`/api/recalls/${patientId}`, {
    query: { clinic_id: clinicId },
    body: {},
    fallbackError: RECALLS_TEXT.sendFailed,
  });
}

/** Sends once at a time per patient; the list is read again whatever happened (the log gained a row). */
export function useSendRecall(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (patientId: number) => recallKeys.send(patientId),
    mutationFn: (patientId: number) => sendRecall(clinicId, patientId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recallKeys.dueList(clinicId) });
    },
  });
}
