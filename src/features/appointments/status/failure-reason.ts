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
