import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import {
  clinicDateOf,
  clinicInstant,
  clinicToday,
  clinicWallClock,
  clinicWeekdayOf,
  daysBetween,
  isTimeZone,
  toClinicIso,
  toInstant,
  utcOffsetMinutes,
} from './index';

fixSystemClock();

const MANILA = 'Asia/Manila';
const NEW_YORK = 'America/New_York';

describe('an instant', () => {
  it('is a Date or an ISO timestamp with an offset, as the database returns timestamptz', () => {
    expect(toInstant('2026-11-23T10:20:00+08:00').toISOString()).toBe('2026-11-23T02:20:00.000Z');
    const date = new Date('2026-11-23T02:20:00Z');
    expect(toInstant(date)).toBe(date);
  });

  it('refuses what is not a point in time', () => {
    expect(() => toInstant('not a date')).toThrow(RangeError);
    expect(() => toInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('the clinic’s wall clock', () => {
  it('reads a UTC instant as Manila time, eight hours ahead', () => {
    expect(clinicWallClock('2030-01-07T01:30:00Z', MANILA)).toEqual({
      date: '2030-01-07',
      time: '09:30',
      hour: 9,
      minute: 30,
    });
    expect(clinicWallClock('2026-11-23T02:20:00Z', MANILA)).toEqual({
      date: '2026-11-23',
      time: '10:20',
      hour: 10,
      minute: 20,
    });
    expect(clinicWallClock('2030-01-07T01:00:00Z', MANILA)).toMatchObject({ date: '2030-01-07', time: '09:00' });
    expect(clinicWeekdayOf('2030-01-07T01:00:00Z', MANILA)).toBe(1);
  });

  it('moves to the next Manila day at 16:00 UTC, not a minute before', () => {
    expect(clinicWallClock('2026-11-23T15:59:00Z', MANILA)).toEqual({
      date: '2026-11-23',
      time: '23:59',
      hour: 23,
      minute: 59,
    });
    expect(clinicWallClock('2026-11-23T16:00:00Z', MANILA)).toEqual({
      date: '2026-11-24',
      time: '00:00',
      hour: 0,
      minute: 0,
    });
    expect(clinicWallClock('2030-01-06T16:00:00Z', MANILA)).toMatchObject({ date: '2030-01-07', hour: 0, minute: 0 });
    expect(clinicWallClock('2030-01-06T17:40:00Z', MANILA)).toMatchObject({ date: '2030-01-07', time: '01:40' });
  });

  it('crosses month and year ends with the clinic, not with UTC', () => {
    expect(clinicDateOf('2026-11-30T16:00:00Z', MANILA)).toBe('2026-12-01');
    expect(clinicDateOf('2026-12-31T15:59:59Z', MANILA)).toBe('2026-12-31');
    expect(clinicDateOf('2026-12-31T16:00:00Z', MANILA)).toBe('2027-01-01');
    expect(clinicDateOf('2027-12-31T17:00:00Z', MANILA)).toBe('2028-01-01');
    expect(clinicDateOf('2027-12-31T17:00:00Z', NEW_YORK)).toBe('2027-12-31');
  });

  it('knows the clinic’s Sundays', () => {
    // Saturday 16:00Z is Sunday 00:00 in Manila; Sunday 16:00Z is Monday.
    expect(clinicWeekdayOf('2026-11-21T15:59:00Z', MANILA)).toBe(6);
    expect(clinicWeekdayOf('2026-11-21T16:00:00Z', MANILA)).toBe(0);
    expect(clinicWeekdayOf('2026-11-22T16:00:00Z', MANILA)).toBe(1);
    // Monday 01:00Z is still Sunday evening in New York.
    expect(clinicWeekdayOf('2030-01-07T01:00:00Z', NEW_YORK)).toBe(0);
  });

  it('accepts the offsets the database returns', () => {
    expect(clinicWallClock('2030-01-07T02:00:00+00:00', MANILA)).toMatchObject({ date: '2030-01-07', hour: 10 });
    expect(clinicWallClock('2030-01-07T17:40:00+08:00', MANILA)).toMatchObject({
      date: '2030-01-07',
      hour: 17,
      minute: 40,
    });
    expect(clinicWallClock('2026-11-23T10:20:00+08:00', NEW_YORK)).toEqual({
      date: '2026-11-22',
      time: '21:20',
      hour: 21,
      minute: 20,
    });
    expect(clinicWallClock('2030-01-07T13:20:00+08:00', MANILA)).toMatchObject({ time: '13:20' });
    expect(clinicWallClock('2030-01-07T00:05:00+08:00', MANILA)).toMatchObject({ time: '00:05' });
  });

  it('follows daylight saving in zones that have it', () => {
    expect(clinicWallClock('2030-07-01T13:00:00Z', NEW_YORK)).toMatchObject({ hour: 9 });
    expect(clinicWallClock('2030-01-07T14:00:00Z', NEW_YORK)).toMatchObject({ hour: 9 });
    // 8 March 2026: 06:59Z is 01:59 EST, 07:00Z is already 03:00 EDT.
    expect(clinicWallClock('2026-03-08T06:59:00Z', NEW_YORK)).toMatchObject({ date: '2026-03-08', time: '01:59' });
    expect(clinicWallClock('2026-03-08T07:00:00Z', NEW_YORK)).toMatchObject({ date: '2026-03-08', time: '03:00' });
  });

  it('does not depend on the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => clinicWallClock('2026-11-23T01:00:00Z', MANILA)),
        zone,
      ).toEqual({ date: '2026-11-23', time: '09:00', hour: 9, minute: 0 });
    }
  });

  it('refuses an invalid instant or an unknown zone', () => {
    expect(() => clinicWallClock('not a time', MANILA)).toThrow(RangeError);
    expect(() => clinicWallClock('2026-13-01T00:00:00Z', MANILA)).toThrow(RangeError);
    expect(() => clinicWallClock('2026-11-23T01:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => clinicDateOf('2026-11-23T01:00:00Z', '')).toThrow(RangeError);
    expect(isTimeZone(MANILA)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('the clinic hour an appointment starts in', () => {
  it('is read on the clinic’s date, not on UTC’s or the browser’s', () => {
    // The Availability Manager's grid for Monday 7 January 2030 in Manila.
    expect(clinicWallClock('2030-01-06T02:00:00Z', MANILA)).toMatchObject({ date: '2030-01-06', hour: 10 });
    expect(clinicWallClock('2030-01-07T16:00:00Z', MANILA)).toMatchObject({ date: '2030-01-08', hour: 0 });
    expect(clinicWallClock('2030-01-07T01:20:00Z', MANILA)).toMatchObject({ date: '2030-01-07', hour: 9 });
    expect(clinicWallClock('2030-01-07T05:40:00Z', MANILA)).toMatchObject({ date: '2030-01-07', hour: 13 });
  });
});

describe('the clinic’s today', () => {
  it('is already tomorrow in Manila while it is still today in New York', () => {
    const now = new Date('2030-01-07T20:00:00Z');
    expect(clinicToday(now, MANILA)).toBe('2030-01-08');
    expect(clinicToday(now, NEW_YORK)).toBe('2030-01-07');
    // 17:00Z on Sunday 6 January is 01:00 on Monday 7 January in Manila.
    expect(clinicToday(new Date('2030-01-06T17:00:00Z'), MANILA)).toBe('2030-01-07');
    expect(clinicToday(new Date('2030-01-06T17:00:00Z'), NEW_YORK)).toBe('2030-01-06');
  });

  it('moves to the clinic’s next day while it is still the day before in UTC', () => {
    const now = new Date('2026-11-22T16:30:00Z');
    expect(clinicToday(now, MANILA)).toBe('2026-11-23');
    expect(clinicToday(now, NEW_YORK)).toBe('2026-11-22');
    expect(clinicToday(now, 'UTC')).toBe('2026-11-22');
    // New Year's Eve in New York is already the new year in Manila.
    expect(clinicToday(new Date('2026-12-31T20:00:00Z'), MANILA)).toBe('2027-01-01');
    // 30 November, 17:00Z: already 1 December in Manila, still 30 November in New York.
    expect(clinicToday(new Date('2026-11-30T17:00:00Z'), MANILA)).toBe('2026-12-01');
    expect(clinicToday(new Date('2026-11-30T17:00:00Z'), NEW_YORK)).toBe('2026-11-30');
  });

  it('comes from the `now` it is given, not from the system clock', () => {
    // The system clock stands in 2001 (fixSystemClock).
    expect(clinicToday(new Date('2030-01-09T02:00:00Z'), MANILA)).toBe('2030-01-09');
  });
});

describe('whole days from the clinic’s today to an appointment’s clinic date', () => {
  const daysAhead = (appointment: string, now: Date, zone: string) =>
    daysBetween(clinicToday(now, zone), clinicDateOf(appointment, zone));
  // Friday 20 November 2026, 23:30 in Manila (15:30Z).
  const LATE_FRIDAY = new Date('2026-11-20T15:30:00Z');

  it('compares midnights, so the time of day never adds a day', () => {
    expect(daysAhead('2026-11-23T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(3);
    expect(daysAhead('2026-11-21T17:40:00+08:00', LATE_FRIDAY, MANILA)).toBe(1);
    expect(daysAhead('2026-12-20T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(30);
    expect(daysAhead('2026-11-21T00:30:00+08:00', LATE_FRIDAY, MANILA)).toBe(1);
    expect(daysAhead('2026-11-23T17:40:00+08:00', LATE_FRIDAY, MANILA)).toBe(3);
    expect(daysAhead('2026-11-20T09:00:00+08:00', LATE_FRIDAY, MANILA)).toBe(0);
  });

  it('uses the clinic’s dates, not UTC’s or the server’s', () => {
    const now = new Date('2026-11-20T16:30:00Z');
    expect(daysAhead('2026-11-22T16:00:00Z', now, MANILA)).toBe(2);
    expect(daysAhead('2026-11-22T16:00:00Z', now, 'UTC')).toBe(2);
    expect(daysAhead('2026-11-23T01:00:00Z', now, MANILA)).toBe(2);
    expect(daysAhead('2026-11-23T01:00:00Z', now, 'UTC')).toBe(3);
    // Reminder rules: 2031-03-10 is the clinic's today.
    expect(daysBetween('2031-03-10', clinicDateOf('2031-03-10T16:30:00Z', MANILA))).toBe(1); // 00:30 on the 11th
    expect(daysBetween('2031-03-10', clinicDateOf('2031-03-11T15:59:00Z', MANILA))).toBe(1); // 23:59 on the 11th
    // At 01:30Z on the 10th it is still the 9th in New York; 2031-03-11 02:00Z is the 10th there.
    const monday = new Date('2031-03-10T01:30:00Z');
    expect(daysAhead('2031-03-11T02:00:00+00:00', monday, NEW_YORK)).toBe(1);
    expect(daysAhead('2031-03-11T02:00:00+00:00', monday, MANILA)).toBe(1);
  });

  it('counts whole calendar days across a daylight-saving change', () => {
    // New York moves to daylight time on 2031-03-09.
    expect(daysBetween('2031-03-08', clinicDateOf('2031-03-10T14:00:00Z', NEW_YORK))).toBe(2);
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => daysAhead('2026-11-23T09:00:00+08:00', LATE_FRIDAY, MANILA)),
        zone,
      ).toBe(3);
    }
  });
});

describe('a clinic’s reminder time today', () => {
  const MANILA_AT_NINE = { timeZone: MANILA, reminderTime: '09:00:00' };
  /** How the reminder rules read it: the clinic's today, and the instant its reminder time comes. */
  const reminderDay = (now: Date, clinic: { timeZone: string; reminderTime: string }) => {
    const today = clinicToday(now, clinic.timeZone);
    const dueAt = clinicInstant(today, clinic.reminderTime, clinic.timeZone).getTime();
    return { today, reached: now.getTime() >= dueAt, msUntilReminderTime: Math.max(0, dueAt - now.getTime()) };
  };

  it('is reached once the clinic’s clock passes it', () => {
    // Monday 2031-03-10, 09:30 in Manila.
    expect(reminderDay(new Date('2031-03-10T01:30:00Z'), MANILA_AT_NINE)).toEqual({
      today: '2031-03-10',
      reached: true,
      msUntilReminderTime: 0,
    });
    expect(reminderDay(new Date('2031-03-10T01:00:00Z'), MANILA_AT_NINE).reached).toBe(true);
  });

  it('is a minute away at 08:59 in clinic time, to the millisecond', () => {
    expect(reminderDay(new Date('2031-03-10T00:59:00Z'), MANILA_AT_NINE)).toEqual({
      today: '2031-03-10',
      reached: false,
      msUntilReminderTime: 60_000,
    });
    expect(reminderDay(new Date('2031-03-10T00:59:30Z'), MANILA_AT_NINE).msUntilReminderTime).toBe(30_000);
  });

  it('belongs to the clinic’s date when UTC’s differs', () => {
    // 20:00Z on the 10th is 04:00 on the 11th in Manila, and 16:00 on the 10th in New York.
    expect(reminderDay(new Date('2031-03-10T20:00:00Z'), MANILA_AT_NINE)).toMatchObject({
      today: '2031-03-11',
      reached: false,
    });
    expect(reminderDay(new Date('2031-03-10T20:00:00Z'), { timeZone: NEW_YORK, reminderTime: '09:00' })).toMatchObject({
      today: '2031-03-10',
      reached: true,
    });
  });

  it('cannot be read for an unknown zone', () => {
    expect(() =>
      reminderDay(new Date('2031-03-10T01:30:00Z'), { timeZone: 'Mars/Olympus', reminderTime: '09:00' }),
    ).toThrow(RangeError);
  });
});

describe('offsets', () => {
  it('are the zone’s distance from UTC at that instant', () => {
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', MANILA)).toBe(480);
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', NEW_YORK)).toBe(-300);
    expect(utcOffsetMinutes('2026-07-01T00:00:00Z', NEW_YORK)).toBe(-240);
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', 'Asia/Kathmandu')).toBe(345);
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', 'UTC')).toBe(0);
    expect(() => utcOffsetMinutes('2026-11-23T00:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('the instant of a clinic date and time', () => {
  it('is found from the clinic’s zone', () => {
    expect(clinicInstant('2026-11-23', '09:00', MANILA).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(clinicInstant('2026-11-23', '09:20', MANILA).toISOString()).toBe('2026-11-23T01:20:00.000Z');
    expect(clinicInstant('2026-11-23', '00:00', MANILA).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(clinicInstant('2026-11-23', '23:59', MANILA).toISOString()).toBe('2026-11-23T15:59:00.000Z');
    expect(clinicInstant('2026-11-23', '24:00', MANILA).toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(clinicInstant('2026-11-23', '09:00', NEW_YORK).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(clinicInstant('2027-01-01', '00:00', MANILA).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('keeps the seconds of a Postgres time', () => {
    // The reminder time of a clinic, as `clinics.reminder_time` prints it.
    expect(clinicInstant('2031-03-10', '09:00:00', MANILA).toISOString()).toBe('2031-03-10T01:00:00.000Z');
    expect(clinicInstant('2031-03-10', '08:30:15', MANILA).toISOString()).toBe('2031-03-10T00:30:15.000Z');
  });

  it('follows daylight saving time on the days around a change', () => {
    expect(clinicInstant('2026-03-07', '09:00', NEW_YORK).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(clinicInstant('2026-03-08', '09:00', NEW_YORK).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(clinicInstant('2026-11-01', '00:00', NEW_YORK).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(clinicInstant('2026-11-01', '09:00', NEW_YORK).toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('moves a time the spring change skips forward, and takes the first of a repeated one', () => {
    // 02:30 does not exist on 8 March 2026 in New York: 03:30 EDT.
    expect(clinicInstant('2026-03-08', '02:30', NEW_YORK).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: the first, still EDT.
    expect(clinicInstant('2026-11-01', '01:30', NEW_YORK).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => clinicInstant('2026-11-23', '13:40', MANILA).toISOString()),
        zone,
      ).toBe('2026-11-23T05:40:00.000Z');
      expect(
        inBrowserTimeZone(zone, () => clinicInstant('2026-03-08', '09:00', NEW_YORK).toISOString()),
        zone,
      ).toBe('2026-03-08T13:00:00.000Z');
    }
  });

  it('refuses a date, time or zone that does not exist', () => {
    expect(() => clinicInstant('2026-02-30', '10:00', MANILA)).toThrow(RangeError);
    expect(() => clinicInstant('2026-11-23', '25:00', MANILA)).toThrow(RangeError);
    expect(() => clinicInstant('2026-11-23', '9:00', MANILA)).toThrow(RangeError);
    expect(() => clinicInstant('2026-11-23', '09:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('an instant written as the clinic stores it', () => {
  it('carries the clinic’s date, time and offset', () => {
    expect(toClinicIso('2026-11-23T02:20:00Z', MANILA)).toBe('2026-11-23T10:20:00+08:00');
    expect(toClinicIso(new Date('2026-11-23T02:20:30.250Z'), MANILA)).toBe('2026-11-23T10:20:30+08:00');
    expect(toClinicIso('2026-11-23T02:20:00Z', NEW_YORK)).toBe('2026-11-22T21:20:00-05:00');
    expect(toClinicIso('2026-11-22T16:00:00Z', MANILA)).toBe('2026-11-23T00:00:00+08:00');
  });

  it('writes every offset ±HH:MM, UTC and half hours included', () => {
    expect(toClinicIso('2026-11-23T00:00:00Z', 'UTC')).toBe('2026-11-23T00:00:00+00:00');
    expect(toClinicIso('2026-11-23T00:00:00Z', 'Asia/Kathmandu')).toBe('2026-11-23T05:45:00+05:45');
    expect(toClinicIso('2026-11-23T12:00:00Z', 'Pacific/Marquesas')).toBe('2026-11-23T02:30:00-09:30');
  });

  it('is the stored booking time of a clinic date and slot', () => {
    const stored = (date: string, time: string, zone: string) => toClinicIso(clinicInstant(date, time, zone), zone);
    expect(stored('2026-11-23', '10:20', MANILA)).toBe('2026-11-23T10:20:00+08:00');
    expect(stored('2026-11-23', '17:40', MANILA)).toBe('2026-11-23T17:40:00+08:00');
    expect(stored('2026-11-23', '10:20', NEW_YORK)).toBe('2026-11-23T10:20:00-05:00');
    expect(stored('2026-07-01', '10:20', NEW_YORK)).toBe('2026-07-01T10:20:00-04:00');
    expect(stored('2026-03-07', '09:00', NEW_YORK)).toBe('2026-03-07T09:00:00-05:00');
    expect(stored('2026-03-09', '09:00', NEW_YORK)).toBe('2026-03-09T09:00:00-04:00');
    expect(stored('2026-11-23', '10:20', 'UTC')).toBe('2026-11-23T10:20:00+00:00');
    expect(stored('2026-11-23', '09:00', 'Asia/Kolkata')).toBe('2026-11-23T09:00:00+05:30');
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => stored('2026-11-23', '09:00', MANILA)),
        zone,
      ).toBe('2026-11-23T09:00:00+08:00');
    }
  });
});
