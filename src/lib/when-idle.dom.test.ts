// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('runs the work in the idle callback, with the timeout, and cancels it', () => {
    const callbacks: (() => void)[] = [];
    const request = vi.fn((callback: () => void, _options: { timeout: number }) => callbacks.push(callback));
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const work = vi.fn();

    const stop = whenIdle(work, { timeoutMs: 1234 });
    expect(request.mock.calls[0]![1]).toEqual({ timeout: 1234 });
    expect(work).not.toHaveBeenCalled();
    callbacks[0]!();
    expect(work).toHaveBeenCalledTimes(1);

    // Cancelled with the browser's function as it was when the work was planned.
    vi.unstubAllGlobals();
    stop();
    expect(cancel).toHaveBeenCalledWith(1);
  });

  it('falls back to a timer where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, { fallbackMs: 500 });
    vi.advanceTimersByTime(499);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled, { fallbackMs: 500 })();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
