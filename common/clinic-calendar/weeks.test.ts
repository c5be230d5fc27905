import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import { monthWeek, weekCount, weekOfMonth, weeksOfMonth } from './index';

fixSystemClock();

describe('weeks of a month', () => {
  it('end on Sundays, Week 1 on the first Sunday, the last at the month’s end (Monday the 1st)', () => {
    // June 2026 starts on a Monday.
    expect(weeksOfMonth('2026-06')).toEqual([
      { week: 1, start: '2026-06-01', end: '2026-06-07' },
      { week: 2, start: '2026-06-08', end: '2026-06-14' },
      { week: 3, start: '2026-06-15', end: '2026-06-21' },
      { week: 4, start: '2026-06-22', end: '2026-06-28' },
      { week: 5, start: '2026-06-29', end: '2026-06-30' },
    ]);
  });

  it('give a one-day Week 1 when the month starts on a Sunday, and six weeks in a long month', () => {
    // November 2026 starts on a Sunday.
    expect(weeksOfMonth('2026-11')).toEqual([
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
    expect(weeksOfMonth('2026-08')).toEqual([
      { week: 1, start: '2026-08-01', end: '2026-08-02' },
      { week: 2, start: '2026-08-03', end: '2026-08-09' },
      { week: 3, start: '2026-08-10', end: '2026-08-16' },
      { week: 4, start: '2026-08-17', end: '2026-08-23' },
      { week: 5, start: '2026-08-24', end: '2026-08-30' },
      { week: 6, start: '2026-08-31', end: '2026-08-31' },
    ]);
  });

  it('are exactly four full weeks in a February that starts on a Monday', () => {
    expect(weeksOfMonth('2027-02')).toEqual([
      { week: 1, start: '2027-02-01', end: '2027-02-07' },
      { week: 2, start: '2027-02-08', end: '2027-02-14' },
      { week: 3, start: '2027-02-15', end: '2027-02-21' },
      { week: 4, start: '2027-02-22', end: '2027-02-28' },
    ]);
    expect(weekCount('2027-02')).toBe(4);
    expect(weekCount('2026-02')).toBe(5); // starts on a Sunday
    expect(weekCount('2028-02')).toBe(5); // leap year, starts on a Tuesday
    expect(weekCount('2026-06')).toBe(5);
    expect(weekCount('2026-11')).toBe(6);
  });

  it('stop at December’s end and start again on 1 January', () => {
    // December 2026 starts on a Tuesday and ends on a Thursday; January 2027 starts on a Friday.
    expect(weeksOfMonth('2026-12').at(-1)).toEqual({ week: 5, start: '2026-12-28', end: '2026-12-31' });
    expect(weeksOfMonth('2027-01')[0]).toEqual({ week: 1, start: '2027-01-01', end: '2027-01-03' });
  });

  it('give one week by its number and refuse a number the month does not have', () => {
    expect(monthWeek('2026-11', 5)).toEqual({ week: 5, start: '2026-11-23', end: '2026-11-29' });
    expect(() => monthWeek('2026-06', 6)).toThrow(RangeError);
    expect(() => monthWeek('2026-06', 0)).toThrow(RangeError);
    expect(() => weeksOfMonth('2026-13')).toThrow(RangeError);
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
    expect(weekOfMonth('2026-12-01')).toBe(1);
    // January 2030 starts on a Tuesday: Week 1 is the 1st–6th, the 9th is in Week 2.
    expect(weekOfMonth('2030-01-06')).toBe(1);
    expect(weekOfMonth('2030-01-09')).toBe(2);
  });

  it('agrees with the weeks of the month for every day of two years', () => {
    for (const year of [2026, 2028]) {
      for (let month = 1; month <= 12; month++) {
        const weeks = weeksOfMonth(`${year}-${String(month).padStart(2, '0')}`);
        for (const week of weeks) {
          expect(weekOfMonth(week.start)).toBe(week.week);
          expect(weekOfMonth(week.end)).toBe(week.week);
        }
        expect(weeks.length).toBe(weekCount(`${year}-${String(month).padStart(2, '0')}`));
      }
    }
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => [weekOfMonth('2026-11-01'), weekCount('2026-11'), weeksOfMonth('2026-09')[1]]),
        zone,
      ).toEqual([1, 6, { week: 2, start: '2026-09-07', end: '2026-09-13' }]);
    }
  });
});
