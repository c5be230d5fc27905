import { requestErrorOf } from '@/lib/request-error';
import { WAITLIST_TEXT } from './messages';

/**
 * The second line under a failed add or removal: why, in words a receptionist can act on (server
 * texts are never shown raw; src/lib/request-error.ts classifies the error).
 */
export function failureText(error: unknown, action: 'add' | 'remove'): string | undefined {
  switch (requestErrorOf(error).kind) {
    case 'duplicate':
      return WAITLIST_TEXT.duplicate;
    case 'constraint':
      // A removal is refused only for an entry booked or removed meanwhile.
      return action === 'add' ? WAITLIST_TEXT.refused : WAITLIST_TEXT.alreadyClosed;
    case 'forbidden':
      return WAITLIST_TEXT.notAllowed;
    case 'gone':
    case 'changed':
      return WAITLIST_TEXT.alreadyClosed;
    case 'unreachable':
      return WAITLIST_TEXT.tryAgain;
    default:
      return undefined;
  }
}
