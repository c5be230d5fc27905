import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import { cleanReminderDays, manualDaysAhead, reminderDaysToSave } from './days-ahead';

fixSystemClock();

const MANILA = 'Asia/Manila';
// Friday 20 November 2026, 23:30 in Manila (15:30Z).
const LATE_FRIDAY = new Date('2026-11-20T15:30:00Z');

describe('days ahead of a manual reminder', () => {
  it('counts whole days from the clinic’s today to the appointment’s date', () => {
    expect(manualDaysAhead('2026-11-23T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(3);
    expect(manualDaysAhead('2026-11-21T17:40:00+08:00', LATE_FRIDAY, MANILA)).toBe(1);
    expect(manualDaysAhead('2026-12-20T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(30);
  });

  it('compares midnights, so the time of day never adds a day', () => {
    // 00:30 on Saturday: only one hour away, but on the next date.
    expect(manualDaysAhead('2026-11-21T00:30:00+08:00', LATE_FRIDAY, MANILA)).toBe(1);
    // 17:40 on Monday, from 23:30 on Friday: still three dates ahead.
    expect(manualDaysAhead('2026-11-23T17:40:00+08:00', LATE_FRIDAY, MANILA)).toBe(3);
  });

  it('is at least 1, for an appointment today or in the past', () => {
    expect(manualDaysAhead('2026-11-20T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(1);
    expect(manualDaysAhead('2026-11-01T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(1);
  });

  it('is 1 without a usable date', () => {
    expect(manualDaysAhead(null, LATE_FRIDAY, MANILA)).toBe(1);
    expect(manualDaysAhead(undefined, LATE_FRIDAY, MANILA)).toBe(1);
    expect(manualDaysAhead('', LATE_FRIDAY, MANILA)).toBe(1);
    expect(manualDaysAhead('someday', LATE_FRIDAY, MANILA)).toBe(1);
  });

  it('uses the clinic’s dates, not UTC’s or the browser’s', () => {
    // Now is Friday 20th 16:30Z, Saturday 21st 00:30 in Manila; the first appointment is Sunday
    // 22nd 16:00Z, Monday 23rd 00:00 in Manila: two days either way. The second one, Monday 23rd
    // 01:00Z, is two days ahead in Manila but three in UTC.
    const now = new Date('2026-11-20T16:30:00Z');
    expect(manualDaysAhead('2026-11-22T16:00:00Z', now, MANILA)).toBe(2);
    expect(manualDaysAhead('2026-11-22T16:00:00Z', now, 'UTC')).toBe(2);
    expect(manualDaysAhead('2026-11-23T01:00:00Z', now, MANILA)).toBe(2);
    expect(manualDaysAhead('2026-11-23T01:00:00Z', now, 'UTC')).toBe(3);
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => manualDaysAhead('2026-11-23T09:00:00+08:00', LATE_FRIDAY, MANILA)),
        zone,
      ).toBe(3);
    }
  });
});

describe('reminder days to save', () => {
  it('drop empty and non-numeric entries and keep the rest as numbers, in order', () => {
    expect(cleanReminderDays(['3', '', '1', 'abc', ' 7 ', null, undefined, 0])).toEqual([3, 1, 7, 0]);
  });

  it('drop numbers the database would refuse, and repeats', () => {
    expect(cleanReminderDays(['-1', '1.5', '366', '365', '2', 2, Number.NaN])).toEqual([365, 2]);
  });

  it('leave the entries they were given alone', () => {
    const entries = Object.freeze(['2', '', '1']);
    cleanReminderDays(entries);
    expect(entries).toEqual(['2', '', '1']);
  });

  it('can be saved when one to ten days remain', () => {
    expect(reminderDaysToSave(['1', 'x'])).toEqual({ ok: true, days: [1] });
    expect(reminderDaysToSave(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])).toEqual({
      ok: true,
      days: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
  });

  it('cannot be saved when none remains or more than ten do', () => {
    expect(reminderDaysToSave(['', 'abc'])).toEqual({ ok: false, problem: 'none-left' });
    expect(reminderDaysToSave([])).toEqual({ ok: false, problem: 'none-left' });
    expect(reminderDaysToSave(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])).toEqual({
      ok: false,
      problem: 'too-many',
    });
  });
});
