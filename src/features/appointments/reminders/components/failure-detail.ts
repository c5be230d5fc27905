import { requestErrorOf } from '@/lib/request-error';
import { REMINDER_EXTRA_TEXT } from '../messages';

/**
 * The second line under 'Failed to save': why, when it is something staff can act on. Server
 * texts are never shown raw; an unknown failure gets no second line.
 */
export function saveFailureDetail(error: unknown): string | undefined {
  switch (requestErrorOf(error).kind) {
    case 'gone':
      return REMINDER_EXTRA_TEXT.gone;
    case 'forbidden':
      return REMINDER_EXTRA_TEXT.notAllowed;
    case 'unreachable':
      return REMINDER_EXTRA_TEXT.tryAgain;
    default:
      return undefined;
  }
}
