import type { QueryClient } from '@tanstack/react-query';
import { whenIdle } from './when-idle';
import { whenPainted } from './when-painted';

/**
 * Runs `work` once the screen's first reads have come in (`queryClient` had reads in flight and
 * now has none), what they drew has been painted, and the browser is idle; the wait for the reads
 * ends after `timeoutMs` at the latest. For code fetched ahead of need (dialogs, sockets): on a
 * slow phone it would otherwise share the connection with the reads and code the first screen
 * waits for. Returns a function that cancels it.
 */
export function whenReadsSettle(queryClient: QueryClient, work: () => void, { timeoutMs = 3_000 } = {}): () => void {
  let sawReads = queryClient.isFetching() > 0;
  let cancelPaint: (() => void) | undefined;
  let cancelIdle: (() => void) | undefined;
  const settle = () => {
    unsubscribe();
    clearTimeout(timer);
    cancelPaint ??= whenPainted(() => {
      cancelIdle = whenIdle(work, { timeoutMs: 1_000, fallbackMs: 0 });
    });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    const reading = queryClient.isFetching() > 0;
    if (reading) sawReads = true;
    else if (sawReads) settle();
  });
  const timer = setTimeout(settle, timeoutMs);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    cancelPaint?.();
    cancelIdle?.();
  };
}
