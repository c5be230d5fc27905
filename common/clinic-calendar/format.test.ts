import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import {
  dateLabel,
  dayLabel,
  formatClinicDate,
  formatClinicDateShort,
  formatClinicDateTime,
  formatClinicDateTimeLong,
  formatClinicDateTimeShort,
  formatClinicMonthDay,
  formatClinicTime,
  monthTitle,
  monthTitleShort,
  weekdayName,
  weekdayNames,
} from './index';

fixSystemClock();

const MANILA = 'Asia/Manila';
const NEW_YORK = 'America/New_York';

describe('calendar dates in words', () => {
  it('name the day, the weekday and the month without letting a zone shift them', () => {
    expect(dayLabel('2030-01-07')).toBe('Monday, January 7, 2030');
    expect(dayLabel('2030-01-13')).toBe('Sunday, January 13, 2030');
    expect(dayLabel('2026-11-23')).toBe('Monday, November 23, 2026');
    expect(dateLabel('2026-11-23')).toBe('November 23, 2026');
    expect(dateLabel('2030-01-07')).toBe('January 7, 2030');
    expect(weekdayName('2030-01-07')).toBe('Monday');
    expect(monthTitle('2030-12')).toBe('December 2030');
    expect(monthTitle('2030-01')).toBe('January 2030');
    expect(monthTitleShort('2030-12')).toBe('Dec 2030');
  });

  it('give the weekday column headings, Sunday first', () => {
    expect(weekdayNames('short')).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('long')).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it.each(BROWSER_TIME_ZONES)('are the same with the browser in %s', (zone) => {
    inBrowserTimeZone(zone, () => {
      expect(monthTitle('2030-01')).toBe('January 2030');
      expect(dayLabel('2030-01-13')).toBe('Sunday, January 13, 2030');
      expect(weekdayName('2026-09-06')).toBe('Sunday');
    });
  });

  it('refuse what is not a date or month', () => {
    expect(() => dayLabel('2030-02-30')).toThrow(RangeError);
    expect(() => monthTitle('2030-13')).toThrow(RangeError);
  });
});

describe('an appointment’s date and time in a row', () => {
  it('are the long date and 12-hour time in clinic time', () => {
    expect(formatClinicDate('2026-11-23T02:20:00Z', MANILA)).toBe('November 23, 2026');
    expect(formatClinicTime('2026-11-23T02:20:00Z', MANILA)).toBe('10:20 AM');
    expect(formatClinicTime('2026-11-23T13:40:00+08:00', MANILA)).toBe('1:40 PM');
    expect(formatClinicTime('2030-01-07T01:00:00Z', MANILA)).toBe('9:00 AM');
  });

  it('use the clinic’s date when it differs from UTC’s', () => {
    expect(formatClinicDate('2026-11-22T16:20:00Z', MANILA)).toBe('November 23, 2026');
    expect(formatClinicTime('2026-11-22T16:20:00Z', MANILA)).toBe('12:20 AM');
    expect(formatClinicDate('2026-11-22T15:59:00Z', MANILA)).toBe('November 22, 2026');
    expect(formatClinicDateShort('2026-11-22T16:20:00Z', MANILA)).toBe('Nov 23, 2026');
    expect(formatClinicDateShort('2026-11-22T15:59:00Z', MANILA)).toBe('Nov 22, 2026');
    expect(formatClinicMonthDay('2026-11-22T16:20:00Z', MANILA)).toBe('Nov 23');
    expect(formatClinicMonthDay('2026-12-31T15:59:00Z', MANILA)).toBe('Dec 31');
  });

  it('are the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(
          zone,
          () =>
            `${formatClinicDate('2026-11-23T09:40:00Z', MANILA)} ${formatClinicTime('2026-11-23T09:40:00Z', MANILA)}`,
        ),
        zone,
      ).toBe('November 23, 2026 5:40 PM');
    }
  });
});

describe('an instant on one line for lists', () => {
  it('shows the clinic’s weekday, date and time', () => {
    expect(formatClinicDateTime('2030-01-07T01:00:00Z', MANILA)).toBe('Mon 2030-01-07, 9:00 AM');
  });

  it('moves to the clinic’s next day when the instant is late evening in UTC', () => {
    expect(formatClinicDateTime('2030-01-06T17:40:00Z', MANILA)).toBe('Mon 2030-01-07, 1:40 AM');
  });

  it('reads timestamps with an offset as the database returns them, noon and midnight included', () => {
    expect(formatClinicDateTime('2030-01-07T13:20:00+08:00', MANILA)).toBe('Mon 2030-01-07, 1:20 PM');
    expect(formatClinicDateTime('2030-01-07T12:00:00+08:00', MANILA)).toBe('Mon 2030-01-07, 12:00 PM');
    expect(formatClinicDateTime('2030-01-07T00:05:00+08:00', MANILA)).toBe('Mon 2030-01-07, 12:05 AM');
  });

  it('follows the zone it is given, not the browser’s', () => {
    expect(formatClinicDateTime(new Date('2030-01-07T01:00:00Z'), NEW_YORK)).toBe('Sun 2030-01-06, 8:00 PM');
  });

  it('refuses an instant that is not one, or an unknown zone', () => {
    expect(() => formatClinicDateTime('not a date', MANILA)).toThrow(RangeError);
    expect(() => formatClinicTime('2030-01-07T01:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('the Philippine short form (reminder log, live-update notices)', () => {
  it('reads in clinic time', () => {
    expect(formatClinicDateTimeShort('2026-11-22T01:05:00Z', MANILA)).toBe('Nov 22, 2026, 9:05 AM');
    // 16:30Z on the 22nd is already the 23rd in Manila.
    expect(formatClinicDateTimeShort('2026-11-22T16:30:00Z', MANILA)).toBe('Nov 23, 2026, 12:30 AM');
    expect(formatClinicDateTimeShort('2026-11-23T09:20:00+08:00', MANILA)).toBe('Nov 23, 2026, 9:20 AM');
    expect(formatClinicDateTimeShort('2026-11-22T03:00:00Z', MANILA)).toBe('Nov 22, 2026, 11:00 AM');
  });

  it('uses one plain space before AM and PM, in every browser time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => formatClinicDateTimeShort('2026-11-22T16:30:00Z', MANILA)),
        zone,
      ).toBe('Nov 23, 2026, 12:30 AM');
    }
  });
});

describe('the Philippine long form of the patients’ Messenger texts', () => {
  it('writes the date and time in the clinic time zone', () => {
    expect(formatClinicDateTimeLong(new Date('2026-11-21T01:00:00Z'), MANILA)).toBe(
      'Saturday, 21 November 2026 at 9:00 AM',
    );
  });

  it('uses the clinic zone, not the server zone, also across midnight', () => {
    // 23:40 UTC on Friday is already Saturday 07:40 in Manila and still Friday 18:40 in New York.
    const time = new Date('2026-11-20T23:40:00Z');
    expect(formatClinicDateTimeLong(time, MANILA)).toBe('Saturday, 21 November 2026 at 7:40 AM');
    expect(formatClinicDateTimeLong(time, NEW_YORK)).toBe('Friday, 20 November 2026 at 6:40 PM');
  });

  it('writes noon as 12:00 PM and afternoon hours in 12-hour form', () => {
    expect(formatClinicDateTimeLong(new Date('2026-11-23T04:00:00Z'), MANILA)).toBe(
      'Monday, 23 November 2026 at 12:00 PM',
    );
    expect(formatClinicDateTimeLong(new Date('2026-11-23T09:20:00Z'), MANILA)).toBe(
      'Monday, 23 November 2026 at 5:20 PM',
    );
    expect(formatClinicDateTimeLong(new Date('2026-11-23T09:40:00Z'), MANILA)).toBe(
      'Monday, 23 November 2026 at 5:40 PM',
    );
  });

  it('is the same whatever the server’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => formatClinicDateTimeLong(new Date('2026-11-21T01:00:00Z'), MANILA)),
        zone,
      ).toBe('Saturday, 21 November 2026 at 9:00 AM');
    }
  });
});
