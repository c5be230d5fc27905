import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import {
  clinicDayRange,
  clinicDaysRange,
  clinicMonthRange,
  clinicWeekRange,
  clinicYearRange,
  isInRange,
  type InstantRange,
} from './index';

fixSystemClock();

const MANILA = 'Asia/Manila';
const NEW_YORK = 'America/New_York';

const text = (range: InstantRange) => ({ start: range.start.toISOString(), end: range.end.toISOString() });

describe('a clinic day as instants', () => {
  it.each(BROWSER_TIME_ZONES)('runs from the clinic’s midnight to the next (browser in %s)', (zone) => {
    inBrowserTimeZone(zone, () => {
      expect(text(clinicDayRange('2030-01-10', MANILA))).toEqual({
        start: '2030-01-09T16:00:00.000Z',
        end: '2030-01-10T16:00:00.000Z',
      });
      expect(text(clinicDayRange('2026-11-23', MANILA)).start).toBe('2026-11-22T16:00:00.000Z');
    });
  });

  it('is one clinic day in Manila', () => {
    expect(text(clinicDayRange('2026-11-23', MANILA))).toEqual({
      start: '2026-11-22T16:00:00.000Z',
      end: '2026-11-23T16:00:00.000Z',
    });
  });

  it('follows a daylight-saving change in zones that have one (23 and 25 hours)', () => {
    expect(text(clinicDayRange('2030-03-10', NEW_YORK))).toEqual({
      start: '2030-03-10T05:00:00.000Z',
      end: '2030-03-11T04:00:00.000Z',
    });
    expect(text(clinicDayRange('2026-11-01', NEW_YORK))).toEqual({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
    });
  });

  it('starts at the first instant of a day whose midnight a clock change skips', () => {
    // Santiago springs from 00:00 to 01:00 on 6 September 2026.
    expect(text(clinicDayRange('2026-09-06', 'America/Santiago'))).toEqual({
      start: '2026-09-06T04:00:00.000Z',
      end: '2026-09-07T03:00:00.000Z',
    });
  });

  it('holds the day’s instants from its first up to, not including, the next midnight', () => {
    const range = clinicDayRange('2026-11-23', MANILA);
    expect(isInRange('2026-11-23T00:00:00+08:00', range)).toBe(true);
    expect(isInRange('2026-11-23T23:59:59+08:00', range)).toBe(true);
    expect(isInRange('2026-11-22T16:00:00Z', range)).toBe(true);
    expect(isInRange('2026-11-23T15:59:59.999Z', range)).toBe(true);
    expect(isInRange('2026-11-24T00:00:00+08:00', range)).toBe(false);
    expect(isInRange('2026-11-22T23:59:59+08:00', range)).toBe(false);
    // 23 November 20:00 in New York is 24 November in Manila.
    expect(isInRange('2026-11-23T20:00:00-05:00', range)).toBe(false);
    expect(isInRange(new Date('2026-11-23T01:00:00Z'), range)).toBe(true);
    expect(() => isInRange('someday', range)).toThrow(RangeError);
  });
});

describe('a run of clinic days as instants', () => {
  it('runs from the first day’s midnight to the midnight after the last', () => {
    expect(text(clinicDaysRange('2030-01-07', '2030-01-13', MANILA))).toEqual({
      start: '2030-01-06T16:00:00.000Z',
      end: '2030-01-13T16:00:00.000Z',
    });
  });

  it('refuses a last day before the first', () => {
    expect(() => clinicDaysRange('2030-01-13', '2030-01-07', MANILA)).toThrow(RangeError);
  });
});

describe('a week of the month as instants', () => {
  it('is the chosen week, ending at the month’s end', () => {
    expect(text(clinicWeekRange('2026-11', 5, MANILA))).toEqual({
      start: '2026-11-22T16:00:00.000Z',
      end: '2026-11-29T16:00:00.000Z',
    });
    expect(text(clinicWeekRange('2026-11', 6, MANILA))).toEqual({
      start: '2026-11-29T16:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
    });
  });

  it('refuses a week the month does not have', () => {
    expect(() => clinicWeekRange('2026-06', 6, MANILA)).toThrow(RangeError);
  });
});

describe('a clinic month as instants', () => {
  it('is the whole month in clinic time', () => {
    expect(text(clinicMonthRange('2026-11', MANILA))).toEqual({
      start: '2026-10-31T16:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
    });
    expect(text(clinicMonthRange('2026-12', MANILA))).toEqual({
      start: '2026-11-30T16:00:00.000Z',
      end: '2026-12-31T16:00:00.000Z',
    });
    expect(text(clinicMonthRange('2028-02', MANILA)).end).toBe('2028-02-29T16:00:00.000Z');
  });

  it('follows a clinic zone with daylight saving time', () => {
    expect(text(clinicMonthRange('2026-03', NEW_YORK))).toEqual({
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-04-01T04:00:00.000Z',
    });
  });

  it('holds an appointment at 00:30 on the 1st in Manila, which is still the month before in UTC', () => {
    expect(isInRange('2026-10-31T16:30:00Z', clinicMonthRange('2026-11', MANILA))).toBe(true);
    expect(isInRange('2026-10-31T16:30:00Z', clinicMonthRange('2026-10', MANILA))).toBe(false);
  });

  it('refuses a month that does not exist', () => {
    expect(() => clinicMonthRange('2026-13', MANILA)).toThrow(RangeError);
  });
});

describe('a clinic year as instants', () => {
  it('runs from the clinic’s New Year to the next', () => {
    expect(text(clinicYearRange(2026, MANILA))).toEqual({
      start: '2025-12-31T16:00:00.000Z',
      end: '2026-12-31T16:00:00.000Z',
    });
    expect(text(clinicYearRange(2026, NEW_YORK))).toEqual({
      start: '2026-01-01T05:00:00.000Z',
      end: '2027-01-01T05:00:00.000Z',
    });
  });

  it('puts New Year’s Eve evening in UTC into the next clinic year', () => {
    // 31 December 2027, 17:00Z is already 2028 in Manila.
    expect(isInRange('2027-12-31T17:00:00Z', clinicYearRange(2028, MANILA))).toBe(true);
    expect(isInRange('2027-12-31T17:00:00Z', clinicYearRange(2027, NEW_YORK))).toBe(true);
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => text(clinicYearRange(2030, MANILA)).start),
        zone,
      ).toBe('2029-12-31T16:00:00.000Z');
    }
  });
});
