import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { USERS_EXTRA_TEXT } from './messages';

/** The second line under 'User update failed', if there is one to show. Pure. */
export function updateFailureDetail(error: unknown): string | undefined {
  const failure = requestErrorOf(error);
  const refusal = refusalTextOf(failure.cause);
  if (refusal !== undefined) return refusal;
  switch (failure.kind) {
    case 'gone':
      return USERS_EXTRA_TEXT.gone;
    case 'forbidden':
      return USERS_EXTRA_TEXT.notAllowed;
    case 'unreachable':
      return USERS_EXTRA_TEXT.tryAgain;
    default:
      return undefined;
  }
}
