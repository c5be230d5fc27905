import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { CHART_TEXT } from './messages';

/**
 * The second line under a refused entry or removal: the database's refusal in words, by its code
 * (src/lib/refusal-text.ts; the sentence it sends is never shown), else the kind of failure.
 */
export function chartFailureText(error: unknown): string | undefined {
  const refusal = refusalTextOf(error);
  if (refusal) return refusal;
  switch (requestErrorOf(error).kind) {
    case 'forbidden':
      return CHART_TEXT.forbidden;
    case 'unreachable':
      return CHART_TEXT.unreachable;
    default:
      return undefined;
  }
}
