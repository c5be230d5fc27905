// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenReadsSettle } from './when-reads-settle';

// jsdom has no requestIdleCallback: the idle wait is whenIdle's timer fallback, faked here too, as
// are the animation frames whenPainted counts (jsdom reports no paints: two frames are the paint).
beforeEach(() =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
);
const TWO_FRAMES_MS = 40;
afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { promise, resolve };
}

describe('whenReadsSettle', () => {
  it('waits for the reads in flight, then runs once the browser is idle', async () => {
    const queryClient = new QueryClient();
    const read = deferred();
    const work = vi.fn();
    whenReadsSettle(queryClient, work, { timeoutMs: 3_000 });
    void queryClient.prefetchQuery({ queryKey: ['list'], queryFn: () => read.promise });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(work).not.toHaveBeenCalled();

    read.resolve('rows');
    // Not before what the read drew has been painted...
    await vi.advanceTimersByTimeAsync(1);
    expect(work).not.toHaveBeenCalled();
    // ...and then well before the time limit: the read's end is what started it.
    await vi.advanceTimersByTimeAsync(TWO_FRAMES_MS);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the time limit when no read comes', () => {
    const work = vi.fn();
    whenReadsSettle(new QueryClient(), work, { timeoutMs: 3_000 });
    vi.advanceTimersByTime(2_999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + TWO_FRAMES_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', async () => {
    const queryClient = new QueryClient();
    const read = deferred();
    const work = vi.fn();
    const cancel = whenReadsSettle(queryClient, work, { timeoutMs: 50 });
    void queryClient.prefetchQuery({ queryKey: ['list'], queryFn: () => read.promise });
    cancel();
    read.resolve('rows');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).not.toHaveBeenCalled();
  });
});
