/**
 * Test helpers for clinic-time logic: a system clock far from every `now` the tests pass (so a
 * function that read the clock would give itself away), and running a check as if the browser or
 * server were in another time zone (Node re-reads `process.env.TZ` when it changes).
 */
import { afterAll, beforeAll, vi } from 'vitest';

/** Where the system clock stands during these tests: not a `now` any test uses. */
export const UNRELATED_SYSTEM_TIME = '2001-02-03T04:05:06Z';

/**
 * Browser zones the results must not depend on: both sides of UTC, UTC itself, a zone a day ahead
 * of the clinic, and one whose daylight-saving change happens at midnight.
 */
export const BROWSER_TIME_ZONES = [
  'Asia/Manila',
  'America/New_York',
  'UTC',
  'Pacific/Kiritimati',
  'America/Santiago',
] as const;

/** Fixes the system clock at UNRELATED_SYSTEM_TIME for the whole file. */
export function fixSystemClock(): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(UNRELATED_SYSTEM_TIME));
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}

/** Runs `check` with the process (the "browser") in `timeZone`, then restores the zone. */
export function inBrowserTimeZone<T>(timeZone: string, check: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return check();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}
