import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import {
  addDays,
  addMonths,
  compareIsoDates,
  datesOfWeek,
  daysBetween,
  daysInMonth,
  firstDateOfMonth,
  isIsoDate,
  isIsoMonth,
  isoDate,
  isoDatesBetween,
  isoMonth,
  lastDateOfMonth,
  monthOf,
  parseIsoDate,
  parseIsoMonth,
  weekdayOf,
} from './index';

fixSystemClock();

describe('calendar dates', () => {
  it('are accepted only when real and written YYYY-MM-DD', () => {
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(isIsoDate('2026-11-23')).toBe(true);
    for (const value of [
      '2026-02-29',
      '2026-11-31',
      '2030-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-05',
      '2030-1-9',
      '09/01/2030',
      '',
      '2030-01-09T00:00',
      '2026-11-23T00:00:00Z',
    ]) {
      expect(isIsoDate(value), value).toBe(false);
      expect(parseIsoDate(value), value).toBeUndefined();
    }
  });

  it('are built from numbers, refusing a day the month does not have', () => {
    expect(isoDate(2026, 3, 1)).toBe('2026-03-01');
    expect(isoDate(2028, 2, 29)).toBe('2028-02-29');
    expect(() => isoDate(2026, 2, 29)).toThrow(RangeError);
    expect(() => isoDate(2026, 13, 1)).toThrow(RangeError);
  });

  it('know their weekday, counting Sunday as 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(['2030-01-06', '2030-01-07', '2030-01-12'].map(weekdayOf)).toEqual([0, 1, 6]);
    expect(() => weekdayOf('2030-02-30')).toThrow(RangeError);
  });

  it('add days across month and year ends and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2030-01-31', 1)).toBe('2030-02-01');
    expect(addDays('2030-01-01', -1)).toBe('2029-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-23', 0)).toBe('2026-11-23');
    expect(addDays('2026-11-23', 400)).toBe('2027-12-28');
    expect(() => addDays('2026-11-31', 1)).toThrow(RangeError);
  });

  it('count whole days between two dates, negative backwards', () => {
    expect(daysBetween('2026-11-23', '2026-12-03')).toBe(10);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    // New York and Manila change no clocks here, but the count must not care either way.
    expect(daysBetween('2031-03-08', '2031-03-10')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
  });

  it('compare in calendar order, so they sort without a zone', () => {
    expect(compareIsoDates('2026-11-23', '2026-12-01')).toBe(-1);
    expect(compareIsoDates('2026-11-23', '2026-11-23')).toBe(0);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBe(1);
    const dates = Object.freeze(['2026-12-01', '2026-11-23', '2027-01-01']);
    expect(dates.toSorted(compareIsoDates)).toEqual(['2026-11-23', '2026-12-01', '2027-01-01']);
    expect(dates).toEqual(['2026-12-01', '2026-11-23', '2027-01-01']);
    expect(() => compareIsoDates('2026-11-23', 'soon')).toThrow(RangeError);
  });

  it('list every date of a range, both ends included, across a year end', () => {
    expect(isoDatesBetween('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(isoDatesBetween('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
    expect(isoDatesBetween('2026-11-23', '2026-11-22')).toEqual([]);
  });

  it('give the seven dates of a week, from Monday or from Sunday', () => {
    // Wednesday 9 January 2030; Sunday 13 January belongs to the Monday-first week before it ends.
    expect(datesOfWeek('2030-01-09', 1)).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
      '2030-01-11',
      '2030-01-12',
      '2030-01-13',
    ]);
    expect(datesOfWeek('2030-01-13', 1)[0]).toBe('2030-01-07');
    expect(datesOfWeek('2030-01-13', 0)[0]).toBe('2030-01-13');
    // A week across the year end.
    expect(datesOfWeek('2027-01-01', 1)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('do the same arithmetic whatever time zone the browser is in', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => [
          weekdayOf('2026-03-08'),
          addDays('2026-03-07', 2),
          daysBetween('2026-03-01', '2026-04-01'),
          // Santiago moves its clocks at midnight on these days.
          addDays('2026-09-05', 1),
          addDays('2026-04-04', 1),
          datesOfWeek('2026-09-06', 1)[6],
          daysInMonth('2028-02'),
        ]),
        zone,
      ).toEqual([0, '2026-03-09', 31, '2026-09-06', '2026-04-05', '2026-09-06', 29]);
    }
  });
});

describe('months', () => {
  it('are accepted only as YYYY-MM with a month from 01 to 12', () => {
    expect(parseIsoMonth('2026-11')).toEqual({ year: 2026, month: 11 });
    expect(isIsoMonth('2026-11')).toBe(true);
    for (const value of ['2030-13', '2030-00', '2030-1', '2030-01-01', ''])
      expect(isIsoMonth(value), value).toBe(false);
    expect(isoMonth(2026, 3)).toBe('2026-03');
    expect(() => isoMonth(2026, 13)).toThrow(RangeError);
  });

  it('count their days, leap Februaries included', () => {
    expect(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((month) =>
        daysInMonth(`2026-${month}`),
      ),
    ).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(() => daysInMonth('2026-13')).toThrow(RangeError);
  });

  it('know their first and last dates', () => {
    expect(firstDateOfMonth('2026-11')).toBe('2026-11-01');
    expect(lastDateOfMonth('2026-11')).toBe('2026-11-30');
    expect(lastDateOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastDateOfMonth('2026-12')).toBe('2026-12-31');
    expect(() => firstDateOfMonth('2026-13')).toThrow(RangeError);
  });

  it('page forwards and back across years', () => {
    expect(addMonths('2030-12', 1)).toBe('2031-01');
    expect(addMonths('2030-01', -1)).toBe('2029-12');
    expect(addMonths('2030-05', -17)).toBe('2028-12');
    expect(addMonths('2030-01', 0)).toBe('2030-01');
    expect(() => addMonths('2030-13', 1)).toThrow(RangeError);
  });

  it('are the month of a date', () => {
    expect(monthOf('2030-01-09')).toBe('2030-01');
    expect(monthOf('2026-12-31')).toBe('2026-12');
    expect(() => monthOf('2030-02-30')).toThrow(RangeError);
  });
});
