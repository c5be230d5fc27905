import { databaseErrorCodeOf } from '@common/contract/error-codes';
import { requestErrorOf } from '@/lib/request-error';
import { CHART_REFUSALS } from './messages';

/**
 * The second line under a refused entry or removal, chosen by the database's code (the
 * sentence it sends is never matched nor shown), else by the kind of failure.
 */
export function chartFailureText(error: unknown): string | undefined {
  const failure = requestErrorOf(error);
  const code = databaseErrorCodeOf(failure.cause);
  if (code && code in CHART_REFUSALS) return CHART_REFUSALS[code as keyof typeof CHART_REFUSALS];
  if (failure.kind === 'forbidden') return CHART_REFUSALS.forbidden;
  if (failure.kind === 'unreachable') return CHART_REFUSALS.unreachable;
  return undefined;
}
