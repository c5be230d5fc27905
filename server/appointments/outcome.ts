import type { SendResult } from '../contracts';
import { HttpError } from '../http/errors';

export const RECIPIENT_ERRORS = {
  noPatientMessengerId: "This patient has no Messenger ID. Add it on the patient's record to notify them.",
  noGuardianMessengerId:
    'This appointment has no guardian Messenger ID. Add it to the appointment, or send the reminder to the patient.',
  notConnected: 'This clinic is not connected to a Facebook page. Connect one in Clinic Config.',
  notFound: 'Appointment not found.',
} as const;

/**
 * The HTTP answer for a send Meta refused: 503 when retrying later may work (rate limit, Meta
 * unreachable or slow), 502 when Meta refused for a reason staff must fix (token, recipient...).
 */
export function sendFailure(result: Extract<SendResult, { ok: false }>): HttpError {
  return result.transient
    ? new HttpError(503, result.error, { 'Retry-After': '60' })
    : new HttpError(502, result.error);
}
