import { useQueryClient } from '@tanstack/react-query';
import { selectPageResponseSchema, type FacebookPage, type SelectPageResponse } from '@common/contract';
import { callService, ServiceError } from '@/lib/service-client';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { CLINIC_TEXT } from '../../model/messages';
import { clinicKeys } from '../../model/query-keys';

/**
 * Connects the chosen page: POST /api/clinics/{id}/facebook/select-page {pageId, pageAccessToken}
 * (the token is the service's handle). The service subscribes the page and stores its
 * token, page ids and hint; a refusal carries the service's words in `error`.
 */
export async function selectFacebookPage(clinicId: number, page: FacebookPage): Promise<SelectPageResponse> {
  const body = await callService(`/api/clinics/${clinicId}/facebook/select-page`, {
    method: 'POST',
    body: { pageId: page.id, pageAccessToken: page.access_token },
    fallbackError: CLINIC_TEXT.selectFailed,
  });
  const parsed = selectPageResponseSchema.safeParse(body);
  if (!parsed.success) throw new ServiceError(CLINIC_TEXT.selectFailed, 200);
  return parsed.data;
}

/** One selection at a time per clinic; the clinic's settings are read again afterwards. */
export function useSelectFacebookPage(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: clinicKeys.selectPage(clinicId),
    mutationFn: (page: FacebookPage) => selectFacebookPage(clinicId, page),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicKeys.detail(clinicId) }),
  });
}
