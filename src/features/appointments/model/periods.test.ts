import { describe, expect, it } from 'vitest';
import { isInRange } from '@common/clinic-calendar';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import {
  appointmentsInPeriod,
  dayOptions,
  defaultPeriodSelection,
  MONTH_NAMES,
  normalizePeriodSelection,
  periodRange,
  periodSummary,
  VIEW_OPTIONS,
  weekOptions,
  yearOptions,
  type PeriodSelection,
} from './periods';

fixSystemClock();

const MANILA = 'Asia/Manila';
// Monday 23 November 2026, 10:00 in Manila.
const NOW = new Date('2026-11-23T02:00:00Z');

function rangeText(selection: PeriodSelection, timeZone = MANILA) {
  const range = periodRange(selection, timeZone);
  return { ...range, start: range.start.toISOString(), end: range.end.toISOString() };
}

describe('the filters’ starting values', () => {
  it('are Monthly on the clinic’s current year and month, with today’s week and day ready', () => {
    expect(defaultPeriodSelection(NOW, MANILA)).toEqual({ view: 'monthly', year: 2026, month: 11, week: 5, day: 23 });
  });

  it('follow the clinic’s calendar, not the browser’s or UTC', () => {
    // 30 November, 17:00Z: already 1 December in Manila, still 30 November in New York.
    const lateEvening = new Date('2026-11-30T17:00:00Z');
    expect(defaultPeriodSelection(lateEvening, MANILA)).toEqual({
      view: 'monthly',
      year: 2026,
      month: 12,
      week: 1,
      day: 1,
    });
    expect(defaultPeriodSelection(lateEvening, 'America/New_York')).toMatchObject({ month: 11, week: 6, day: 30 });
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => defaultPeriodSelection(lateEvening, MANILA).month),
        zone,
      ).toBe(12);
    }
  });
});

describe('the filters’ choices', () => {
  it('offer the three views and the twelve months', () => {
    expect(VIEW_OPTIONS.map((option) => option.label)).toEqual(['Monthly', 'Weekly', 'Daily']);
    // Twelve, in calendar order, spelled as English writes them (the en-US long month names).
    const englishNames = Array.from({ length: 12 }, (_, index) =>
      new Date(Date.UTC(2026, index, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
    );
    expect(MONTH_NAMES).toEqual(englishNames);
    expect([MONTH_NAMES[0], MONTH_NAMES[11]]).toEqual(['January', 'December']);
  });

  it('offer the month’s weeks and days', () => {
    expect(weekOptions(2026, 6)).toEqual([
      { value: 1, label: 'Week 1' },
      { value: 2, label: 'Week 2' },
      { value: 3, label: 'Week 3' },
      { value: 4, label: 'Week 4' },
      { value: 5, label: 'Week 5' },
    ]);
    expect(dayOptions(2027, 2)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
    ]);
    expect(dayOptions(2028, 2)).toHaveLength(29);
  });

  it('keep week and day inside the month when the month changes', () => {
    const fromNovember: PeriodSelection = { view: 'weekly', year: 2026, month: 6, week: 6, day: 31 };
    expect(normalizePeriodSelection(fromNovember)).toEqual({ view: 'weekly', year: 2026, month: 6, week: 5, day: 30 });
    const fine: PeriodSelection = { view: 'daily', year: 2026, month: 11, week: 5, day: 23 };
    expect(normalizePeriodSelection(fine)).toBe(fine);
  });
});

describe('the year choices', () => {
  it('run from two years back to the current year when no appointment lies outside', () => {
    expect(yearOptions([{ appointment_time: '2026-01-05T09:00:00+08:00' }], NOW, MANILA)).toEqual([2024, 2025, 2026]);
    expect(yearOptions([], NOW, MANILA)).toEqual([2024, 2025, 2026]);
  });

  it('start at the earliest appointment’s year when it is earlier, and end at the latest one’s', () => {
    const appointments = [
      { appointment_time: '2027-03-01T09:00:00+08:00' },
      { appointment_time: '2021-06-01T09:00:00+08:00' },
      { appointment_time: '2026-11-23T10:00:00+08:00' },
    ];
    expect(yearOptions(appointments, NOW, MANILA)).toEqual([2021, 2022, 2023, 2024, 2025, 2026, 2027]);
  });

  it('read years in clinic time', () => {
    // 31 December 2027, 17:00Z is already 2028 in Manila.
    const appointments = [{ appointment_time: '2027-12-31T17:00:00Z' }];
    expect(yearOptions(appointments, NOW, MANILA)).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(yearOptions(appointments, NOW, 'America/New_York')).toEqual([2024, 2025, 2026, 2027]);
    // New Year's Eve in New York is already the new year in Manila.
    expect(yearOptions([], new Date('2026-12-31T20:00:00Z'), MANILA)).toEqual([2025, 2026, 2027]);
  });
});

describe('the view period', () => {
  it('is a whole clinic month in the monthly view', () => {
    expect(rangeText({ view: 'monthly', year: 2026, month: 11, week: 1, day: 1 })).toEqual({
      start: '2026-10-31T16:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
      firstDate: '2026-11-01',
      lastDate: '2026-11-30',
    });
  });

  it('is the chosen week in the weekly view, ending at the month’s end', () => {
    expect(rangeText({ view: 'weekly', year: 2026, month: 11, week: 5, day: 1 })).toEqual({
      start: '2026-11-22T16:00:00.000Z',
      end: '2026-11-29T16:00:00.000Z',
      firstDate: '2026-11-23',
      lastDate: '2026-11-29',
    });
    expect(rangeText({ view: 'weekly', year: 2026, month: 11, week: 6, day: 1 })).toEqual({
      start: '2026-11-29T16:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
      firstDate: '2026-11-30',
      lastDate: '2026-11-30',
    });
  });

  it('is one clinic day in the daily view', () => {
    expect(rangeText({ view: 'daily', year: 2026, month: 11, week: 1, day: 23 })).toEqual({
      start: '2026-11-22T16:00:00.000Z',
      end: '2026-11-23T16:00:00.000Z',
      firstDate: '2026-11-23',
      lastDate: '2026-11-23',
    });
  });

  it('follows a clinic zone with daylight saving time', () => {
    expect(rangeText({ view: 'monthly', year: 2026, month: 3, week: 1, day: 1 }, 'America/New_York')).toEqual({
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-04-01T04:00:00.000Z',
      firstDate: '2026-03-01',
      lastDate: '2026-03-31',
    });
  });

  it('refuses a week or day the month does not have', () => {
    expect(() => periodRange({ view: 'weekly', year: 2026, month: 6, week: 6, day: 1 }, MANILA)).toThrow(RangeError);
    expect(() => periodRange({ view: 'daily', year: 2026, month: 2, week: 1, day: 30 }, MANILA)).toThrow(RangeError);
  });

  it('holds appointments from its first instant up to, not including, its end', () => {
    const range = periodRange({ view: 'daily', year: 2026, month: 11, week: 1, day: 23 }, MANILA);
    expect(isInRange('2026-11-23T00:00:00+08:00', range)).toBe(true);
    expect(isInRange('2026-11-23T23:59:59+08:00', range)).toBe(true);
    expect(isInRange('2026-11-24T00:00:00+08:00', range)).toBe(false);
    expect(isInRange('2026-11-22T23:59:59+08:00', range)).toBe(false);
    // 23 November 20:00 in New York is 24 November in Manila.
    expect(isInRange('2026-11-23T20:00:00-05:00', range)).toBe(false);
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => rangeText({ view: 'daily', year: 2026, month: 11, week: 1, day: 23 }).start),
        zone,
      ).toBe('2026-11-22T16:00:00.000Z');
    }
  });
});

describe('counting the period’s appointments', () => {
  const appointments = [
    { id: 1, dentist_id: 10, appointment_time: '2026-11-23T09:00:00+08:00', deleted: false },
    { id: 2, dentist_id: 11, appointment_time: '2026-11-23T13:00:00+08:00', deleted: false },
    { id: 3, dentist_id: 10, appointment_time: '2026-11-25T09:00:00+08:00', deleted: false },
    { id: 4, dentist_id: 10, appointment_time: '2026-11-02T09:00:00+08:00', deleted: false },
    { id: 5, dentist_id: 10, appointment_time: '2026-12-01T09:00:00+08:00', deleted: false },
    { id: 6, dentist_id: 10, appointment_time: '2026-11-23T15:00:00+08:00', deleted: true },
    { id: 7, dentist_id: 11, appointment_time: '2026-10-31T16:30:00Z', deleted: false }, // 1 Nov 00:30 Manila
  ];
  const ids = (list: readonly { id: number }[]) => list.map((appointment) => appointment.id);

  it('takes the non-deleted ones in the period, of one dentist when one is chosen', () => {
    const month = periodRange({ view: 'monthly', year: 2026, month: 11, week: 1, day: 1 }, MANILA);
    const week = periodRange({ view: 'weekly', year: 2026, month: 11, week: 5, day: 1 }, MANILA);
    const day = periodRange({ view: 'daily', year: 2026, month: 11, week: 1, day: 23 }, MANILA);
    expect(ids(appointmentsInPeriod(appointments, month))).toEqual([1, 2, 3, 4, 7]);
    expect(ids(appointmentsInPeriod(appointments, week))).toEqual([1, 2, 3]);
    expect(ids(appointmentsInPeriod(appointments, day))).toEqual([1, 2]);
    expect(ids(appointmentsInPeriod(appointments, month, 10))).toEqual([1, 3, 4]);
    expect(ids(appointmentsInPeriod(appointments, day, 11))).toEqual([2]);
  });

  it('sums them up in the words of the spec', () => {
    expect(periodSummary(5, 'monthly')).toBe('Total: 5 appointment(s) this month');
    expect(periodSummary(1, 'weekly')).toBe('Total: 1 appointment(s) this week');
    expect(periodSummary(0, 'daily')).toBe('Total: 0 appointment(s) today');
  });
});
