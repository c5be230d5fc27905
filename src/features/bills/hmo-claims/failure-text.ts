import type { FormMessageValue } from '@/components/form-message';
import { refusalCodeOf, refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { HMO_CLAIMS_TEXT } from './messages';

/** A failed HMO write as the form shows it: the words for the database's code, else a plain line by kind. */
export function hmoFailureText(error: unknown): string {
  const failure = requestErrorOf(error);
  return (
    refusalTextOf(failure.cause) ??
    (failure.kind === 'unreachable' ? HMO_CLAIMS_TEXT.unreachable : HMO_CLAIMS_TEXT.failedWrite)
  );
}

/**
 * The payment a retried Record HMO payment form had already saved, when the database refused the
 * retry for it (its key saved another call, or that payment was voided since): its id, the
 * refusal's detail. Undefined for any other failure.
 */
export function earlierHmoPaymentOf(error: unknown): number | undefined {
  const cause = requestErrorOf(error).cause;
  const code = refusalCodeOf(cause);
  if (code !== 'hmo_payment_key_reused' && code !== 'hmo_payment_key_voided') return undefined;
  const details = typeof cause === 'object' && cause !== null && 'details' in cause ? cause.details : undefined;
  return typeof details === 'string' && /^[1-9]\d*$/.test(details) ? Number(details) : undefined;
}

/** A failed Record HMO payment: the refusal's words, and the payment the form saved earlier when it names one. */
export function hmoPaymentFailureMessage(error: unknown): FormMessageValue {
  const earlier = earlierHmoPaymentOf(error);
  return {
    tone: 'error',
    text: hmoFailureText(error),
    ...(earlier === undefined ? {} : { detail: HMO_CLAIMS_TEXT.savedEarlierAs(earlier) }),
  };
}
