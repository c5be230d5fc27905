import { useCallback } from 'react';
import { ALREADY_PENDING, useKeyedGuard } from './keyed-guard';

const FORM = 'form';

/**
 * Runs one async operation at a time for a form: `pending` while it runs (for 'Logging in...'
 * style labels); a second submit while pending is ignored and answers undefined. The same guard
 * as useGuardedMutation (src/lib/use-guarded-mutation.ts), for forms that write without TanStack
 * Query: the sign-in screens render before the dashboard's QueryClient exists.
 */
export function useAction<Args extends unknown[], Result>(operation: (...args: Args) => Promise<Result>) {
  const guard = useKeyedGuard<typeof FORM>();
  const { run: runGuarded, isPending } = guard;
  const run = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      const result = await runGuarded(FORM, () => operation(...args));
      return result === ALREADY_PENDING ? undefined : result;
    },
    [operation, runGuarded],
  );
  return { run, pending: isPending(FORM) };
}
