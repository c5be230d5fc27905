import { refusalTextOf } from '@/lib/refusal-text';
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
