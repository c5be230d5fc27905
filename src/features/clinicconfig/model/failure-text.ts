/**
 * Why a save or a Facebook call failed, as the second line under the spec's text. Database
 * refusals are told by kind (raw server texts, constraint names and SQL never reach the screen);
 * the notification service's `error` is already worded for people. Pure.
 */
import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { ServiceError } from '@/lib/service-client';
import { CLINIC_EXTRA_TEXT } from './messages';

export function saveFailureReason(error: unknown): string | undefined {
  const failure = requestErrorOf(error);
  switch (failure.kind) {
    case 'forbidden':
      return CLINIC_EXTRA_TEXT.reasonForbidden;
    case 'constraint':
      return CLINIC_EXTRA_TEXT.reasonRefused;
    case 'gone':
      return CLINIC_EXTRA_TEXT.reasonGone;
    case 'unreachable':
      return CLINIC_EXTRA_TEXT.reasonUnreachable;
    default:
      return refusalTextOf(failure.cause);
  }
}

/** The service's own words for a failed call, unless they only repeat `shown`. */
export function serviceReason(error: unknown, shown: string): string | undefined {
  if (!(error instanceof ServiceError)) return undefined;
  const said = error.message.trim();
  return said && said !== shown ? said : undefined;
}

/** A refusal asking again will not fix (signed out, not allowed, no such clinic). */
export function isFinalRefusal(error: unknown): boolean {
  return error instanceof ServiceError && [400, 401, 403, 404].includes(error.status);
}
