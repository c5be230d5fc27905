import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, TimeoutError, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives script chunks 120 seconds', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('settles with the promise when it is in time', async () => {
    await expect(withTimeout(Promise.resolve('module'), 1000)).resolves.toBe('module');
    await expect(withTimeout(Promise.reject(new Error('404')), 1000)).rejects.toThrow('404');
  });

  it('rejects with a TimeoutError when the promise is late', async () => {
    const late = withTimeout(new Promise(() => undefined), CHUNK_TIMEOUT_MS);
    const outcome = expect(late).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void late.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
