import { connectStateResponseSchema, type ConnectStateResponse } from '@common/contract';
import { callService, ServiceError } from '@/lib/service-client';
import { CLINIC_EXTRA_TEXT } from '../../model/messages';

/**
 * Starts a Facebook connect: POST /api/clinics/{id}/facebook/connect-state → {state, url}, the
 * signed, single-use address the popup then opens (docs/facebook-connect.md).
 */
export async function startFacebookConnect(clinicId: number): Promise<ConnectStateResponse> {
  const body = await callService(`/api/clinics/${clinicId}/facebook/connect-state`, {
    method: 'POST',
    fallbackError: CLINIC_EXTRA_TEXT.startFailed,
  });
  const parsed = connectStateResponseSchema.safeParse(body);
  if (!parsed.success) throw new ServiceError(CLINIC_EXTRA_TEXT.startFailed, 200);
  return parsed.data;
}
