import { useCallback, useRef, useState } from 'react';

/**
 * Runs one async operation at a time for a form: `pending` while it runs (for 'Logging in...'
 * style labels); a second submit while pending is ignored.
 */
export function useAction<Args extends unknown[], Result>(operation: (...args: Args) => Promise<Result>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      try {
        return await operation(...args);
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [operation],
  );
  return { run, pending };
}
