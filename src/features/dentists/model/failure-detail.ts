import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { DENTIST_EXTRA_TEXT } from './messages';

/**
 * The second line under one of the spec's failure texts: why, in words a receptionist can act on.
 * Server texts are never shown raw; an unknown failure gets no second line. The error is
 * classified by src/lib/request-error.ts.
 */
export function failureDetail(error: unknown): string | undefined {
  const failure = requestErrorOf(error);
  switch (failure.kind) {
    case 'gone':
      return DENTIST_EXTRA_TEXT.gone;
    case 'forbidden':
      return DENTIST_EXTRA_TEXT.notAllowed;
    case 'unreachable':
      return DENTIST_EXTRA_TEXT.tryAgain;
    default:
      return refusalTextOf(failure.cause);
  }
}
