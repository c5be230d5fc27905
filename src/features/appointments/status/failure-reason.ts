import { refusalCodeOf } from '@/lib/refusal-text';
import { RequestError } from '@/lib/request-error';
import { LIST_TEXT } from '../model/messages';

/**
 * The reason shown under one of the spec's failure texts of the list's row actions, in words a
 * receptionist can act on; undefined when there is nothing useful to add. Raw server texts are
 * never shown.
 */
export function failureReason(error: unknown): string | undefined {
  if (!(error instanceof RequestError)) return undefined;
  switch (error.kind) {
    case 'gone':
      return LIST_TEXT.gone;
    case 'changed':
      return LIST_TEXT.changed;
    case 'unreachable':
      return LIST_TEXT.unreachable;
    case 'forbidden':
      return LIST_TEXT.notAllowed;
    default:
      return undefined;
  }
}

/**
 * Whether sending the same request again can succeed: it got no answer, or the server failed (5xx)
 * without one of the database's refusals. A refusal, a missing row or a role that may not would
 * only be refused again.
 */
export function canRetry(error: unknown): boolean {
  if (!(error instanceof RequestError) || refusalCodeOf(error) !== undefined) return false;
  return error.kind === 'unreachable' || (error.kind === 'failed' && (error.status ?? 0) >= 500);
}
