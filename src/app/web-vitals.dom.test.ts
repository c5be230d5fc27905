// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportWebVitalsLazily, VITALS_START_DELAY_MS } from './browser-behaviour';

const subscribed = vi.hoisted(() => ({ count: 0 }));
vi.mock('web-vitals', () => {
  const subscribe = () => {
    subscribed.count += 1;
  };
  return { onCLS: subscribe, onFCP: subscribe, onINP: subscribe, onLCP: subscribe, onTTFB: subscribe };
});

/** Lets the dynamic import of the mocked library settle. */
const importSettled = () => vi.waitFor(() => expect(subscribed.count).toBeGreaterThan(0));

describe('web vitals', () => {
  beforeEach(() => {
    subscribed.count = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the library only after the first screen has had its time, then follows all five metrics', async () => {
    reportWebVitalsLazily(() => undefined);
    await vi.advanceTimersByTimeAsync(VITALS_START_DELAY_MS - 1);
    expect(subscribed.count).toBe(0);
    // Then when the browser is idle (jsdom has no requestIdleCallback: whenIdle's fallback).
    await vi.advanceTimersByTimeAsync(1 + 2_000);
    vi.useRealTimers();
    await importSettled();
    expect(subscribed.count).toBe(5);
  });
});
