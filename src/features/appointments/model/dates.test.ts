import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  daysInMonth,
  isIsoDate,
  isoDate,
  minutesOfTime,
  parseIsoDate,
  timeOfMinutes,
  twelveHourLabel,
  weekdayOf,
} from './dates';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/clock';

fixSystemClock();

describe('calendar dates', () => {
  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-11-31')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
    expect(isIsoDate('2026-11-23T00:00:00Z')).toBe(false);
    expect(isoDate(2026, 3, 1)).toBe('2026-03-01');
    expect(() => isoDate(2026, 2, 29)).toThrow(RangeError);
  });

  it('knows the weekday, counting Sunday as 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('adds and counts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-23', '2026-12-03')).toBe(10);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });

  it('counts the days of each month, leap Februaries included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((month) => daysInMonth(2026, month))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
  });

  it('does the same arithmetic whatever time zone the browser is in', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => [
          weekdayOf('2026-03-08'),
          addDays('2026-03-07', 2),
          daysBetween('2026-03-01', '2026-04-01'),
        ]),
        zone,
      ).toEqual([0, '2026-03-09', 31]);
    }
  });
});

describe('times of day', () => {
  it('reads HH:MM and HH:MM:SS as minutes since midnight', () => {
    expect(minutesOfTime('09:20')).toBe(560);
    expect(minutesOfTime('18:00:00')).toBe(1080);
    expect(minutesOfTime('24:00')).toBe(1440);
    expect(() => minutesOfTime('9:20')).toThrow(RangeError);
    expect(() => minutesOfTime('12:60')).toThrow(RangeError);
    expect(() => minutesOfTime('24:20')).toThrow(RangeError);
  });

  it('writes minutes back as HH:MM', () => {
    expect([0, 560, 780, 1060].map(timeOfMinutes)).toEqual(['00:00', '09:20', '13:00', '17:40']);
  });

  it('labels times the 12-hour way, midnight and noon included', () => {
    expect(['00:40', '09:20', '11:40', '12:00', '13:00', '17:40'].map(twelveHourLabel)).toEqual([
      '12:40 AM',
      '9:20 AM',
      '11:40 AM',
      '12:00 PM',
      '1:00 PM',
      '5:40 PM',
    ]);
  });
});
