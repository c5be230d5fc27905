import { facebookPagesResponseSchema, type FacebookPage } from '@common/contract';
import { callService, ServiceError } from '@/lib/service-client';
import { CLINIC_EXTRA_TEXT } from '../../model/messages';

/**
 * The pages the user granted in the popup: GET /api/clinics/{id}/facebook/pages, `[]`
 * until the popup has finished. Each `access_token` is the service's handle, not a token.
 */
export async function getFacebookPages(clinicId: number): Promise<FacebookPage[]> {
  const body = await callService(`/api/clinics/${clinicId}/facebook/pages`, {
    method: 'GET',
    fallbackError: CLINIC_EXTRA_TEXT.pollFailed,
  });
  const parsed = facebookPagesResponseSchema.safeParse(body);
  if (!parsed.success) throw new ServiceError(CLINIC_EXTRA_TEXT.pollFailed, 200);
  return parsed.data.pages;
}
