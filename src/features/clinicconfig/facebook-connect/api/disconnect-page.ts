import { useQueryClient } from '@tanstack/react-query';
import type { DisconnectPageResponse } from '@common/contract';
import { callService } from '@/lib/service-client';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { CLINIC_EXTRA_TEXT } from '../../model/messages';
import { clinicKeys } from '../../model/query-keys';

/**
 * Disconnects the clinic's page: DELETE /api/clinics/{id}/facebook/page. The service forgets the
 * token and page ids (and unsubscribes the page at Meta when it can); 409 when none is connected.
 */
export async function disconnectFacebookPage(clinicId: number): Promise<DisconnectPageResponse | null> {
  return callService<DisconnectPageResponse>(`/api/clinics/${clinicId}/facebook/page`, {
    method: 'DELETE',
    fallbackError: CLINIC_EXTRA_TEXT.disconnectFailed,
  });
}

export function useDisconnectFacebookPage(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: clinicKeys.disconnectPage(clinicId),
    mutationFn: () => disconnectFacebookPage(clinicId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicKeys.detail(clinicId) }),
  });
}
