import { describe, expect, it } from 'vitest';
import { monthWeek, weekCount, weekOfMonth, weeksOfMonth } from './weeks';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/clock';

fixSystemClock();

describe('weeks of a month', () => {
  it('end on Sundays, Week 1 on the first Sunday, the last at the month’s end (Monday the 1st)', () => {
    // June 2026 starts on a Monday.
    expect(weeksOfMonth(2026, 6)).toEqual([
      { week: 1, start: '2026-06-01', end: '2026-06-07' },
      { week: 2, start: '2026-06-08', end: '2026-06-14' },
      { week: 3, start: '2026-06-15', end: '2026-06-21' },
      { week: 4, start: '2026-06-22', end: '2026-06-28' },
      { week: 5, start: '2026-06-29', end: '2026-06-30' },
    ]);
  });

  it('give a one-day Week 1 when the month starts on a Sunday, and six weeks in a long month', () => {
    // November 2026 starts on a Sunday.
    expect(weeksOfMonth(2026, 11)).toEqual([
      { week: 1, start: '2026-11-01', end: '2026-11-01' },
      { week: 2, start: '2026-11-02', end: '2026-11-08' },
      { week: 3, start: '2026-11-09', end: '2026-11-15' },
      { week: 4, start: '2026-11-16', end: '2026-11-22' },
      { week: 5, start: '2026-11-23', end: '2026-11-29' },
      { week: 6, start: '2026-11-30', end: '2026-11-30' },
    ]);
  });

  it('give a two-day Week 1 and a one-day last week when a 31-day month starts on a Saturday', () => {
    // August 2026 starts on a Saturday.
    expect(weeksOfMonth(2026, 8)).toEqual([
      { week: 1, start: '2026-08-01', end: '2026-08-02' },
      { week: 2, start: '2026-08-03', end: '2026-08-09' },
      { week: 3, start: '2026-08-10', end: '2026-08-16' },
      { week: 4, start: '2026-08-17', end: '2026-08-23' },
      { week: 5, start: '2026-08-24', end: '2026-08-30' },
      { week: 6, start: '2026-08-31', end: '2026-08-31' },
    ]);
  });

  it('are exactly four full weeks in a February that starts on a Monday', () => {
    expect(weeksOfMonth(2027, 2)).toEqual([
      { week: 1, start: '2027-02-01', end: '2027-02-07' },
      { week: 2, start: '2027-02-08', end: '2027-02-14' },
      { week: 3, start: '2027-02-15', end: '2027-02-21' },
      { week: 4, start: '2027-02-22', end: '2027-02-28' },
    ]);
    expect(weekCount(2027, 2)).toBe(4);
    expect(weekCount(2026, 2)).toBe(5); // starts on a Sunday
    expect(weekCount(2028, 2)).toBe(5); // leap year, starts on a Tuesday
  });

  it('give one week by its number and refuse a number the month does not have', () => {
    expect(monthWeek(2026, 11, 5)).toEqual({ week: 5, start: '2026-11-23', end: '2026-11-29' });
    expect(() => monthWeek(2026, 6, 6)).toThrow(RangeError);
    expect(() => monthWeek(2026, 6, 0)).toThrow(RangeError);
  });
});

describe('the week a date falls in', () => {
  it('counts Sundays as the last day of their week', () => {
    expect(weekOfMonth('2026-11-01')).toBe(1);
    expect(weekOfMonth('2026-11-02')).toBe(2);
    expect(weekOfMonth('2026-11-08')).toBe(2);
    expect(weekOfMonth('2026-11-23')).toBe(5);
    expect(weekOfMonth('2026-11-30')).toBe(6);
    expect(weekOfMonth('2026-06-07')).toBe(1);
    expect(weekOfMonth('2026-06-08')).toBe(2);
    expect(weekOfMonth('2026-06-30')).toBe(5);
  });

  it('agrees with the weeks of the month for every day of a year', () => {
    for (let month = 1; month <= 12; month++) {
      for (const week of weeksOfMonth(2026, month)) {
        expect(weekOfMonth(week.start)).toBe(week.week);
        expect(weekOfMonth(week.end)).toBe(week.week);
      }
    }
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => [weekOfMonth('2026-11-01'), weekCount(2026, 11)]),
        zone,
      ).toEqual([1, 6]);
    }
  });
});
