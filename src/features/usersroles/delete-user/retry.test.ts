import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_USER_RETRIES, withRetries } from './retry';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An attempt that fails `failures` times, then answers 'done'; records when each attempt ran. */
function flaky(failures: number) {
  const startedAt: number[] = [];
  const attempt = vi.fn(async (n: number) => {
    startedAt.push(Date.now());
    if (n <= failures) throw new Error(`attempt ${n} failed`);
    return 'done';
  });
  return { attempt, startedAt };
}

describe('delete-user retries', () => {
  it('are 2 more attempts, 400 ms × the attempt number apart', () => {
    expect(DELETE_USER_RETRIES).toEqual({ retries: 2, baseDelayMs: 400 });
  });

  it('when the first attempt succeeds, then it runs once and waits for nothing', async () => {
    const { attempt } = flaky(0);
    await expect(withRetries(attempt, DELETE_USER_RETRIES)).resolves.toBe('done');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('when two attempts fail, then the third runs 400 ms and then 800 ms later', async () => {
    vi.setSystemTime(new Date('2026-03-02T01:00:00Z'));
    const t0 = Date.now();
    const { attempt, startedAt } = flaky(2);
    const result = withRetries(attempt, DELETE_USER_RETRIES);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(799);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('done');
    expect(startedAt.map((at) => at - t0)).toEqual([0, 400, 1200]);
  });

  it('when every attempt fails, then the third failure is thrown and nothing more is tried', async () => {
    const { attempt } = flaky(5);
    const result = withRetries(attempt, DELETE_USER_RETRIES);
    const settled = expect(result).rejects.toThrow('attempt 3 failed');
    await vi.advanceTimersByTimeAsync(1200);
    await settled;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('when a failure is not worth retrying, then it is thrown at once', async () => {
    const { attempt } = flaky(5);
    const sleep = vi.fn(async () => undefined);
    await expect(withRetries(attempt, { ...DELETE_USER_RETRIES, shouldRetry: () => false, sleep })).rejects.toThrow(
      'attempt 1 failed',
    );
    expect(sleep).not.toHaveBeenCalled();
  });

  it('waits through the injected sleep', async () => {
    const { attempt } = flaky(2);
    const sleep = vi.fn(async () => undefined);
    await expect(withRetries(attempt, { ...DELETE_USER_RETRIES, sleep })).resolves.toBe('done');
    expect(sleep.mock.calls).toEqual([[400], [800]]);
  });
});
