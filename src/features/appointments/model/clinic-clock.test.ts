import { describe, expect, it } from 'vitest';
import { clinicToday, toInstant } from '@/lib/clinic-time';
import {
  clinicDateOf,
  clinicInstant,
  clinicWallClock,
  formatUtcOffset,
  toClinicIso,
  utcOffsetMinutes,
} from './clinic-clock';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/clock';

fixSystemClock();

const MANILA = 'Asia/Manila';

describe('the clinic’s wall clock', () => {
  it('reads an instant as the clinic’s date and time', () => {
    expect(clinicWallClock('2026-11-23T02:20:00Z', MANILA)).toEqual({
      date: '2026-11-23',
      time: '10:20',
      minutes: 620,
    });
    expect(clinicWallClock('2026-11-23T16:00:00Z', MANILA)).toEqual({ date: '2026-11-24', time: '00:00', minutes: 0 });
    expect(clinicWallClock('2026-11-23T10:20:00+08:00', 'America/New_York')).toEqual({
      date: '2026-11-22',
      time: '21:20',
      minutes: 1280,
    });
  });

  it('moves to the clinic’s next day while it is still the day before in UTC', () => {
    const now = new Date('2026-11-22T16:30:00Z');
    expect(clinicToday(now, MANILA)).toBe('2026-11-23');
    expect(clinicToday(now, 'America/New_York')).toBe('2026-11-22');
    expect(clinicDateOf('2026-11-22T16:30:00Z', 'UTC')).toBe('2026-11-22');
  });

  it('does not depend on the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => clinicWallClock('2026-11-23T01:00:00Z', MANILA)),
        zone,
      ).toEqual({
        date: '2026-11-23',
        time: '09:00',
        minutes: 540,
      });
    }
  });

  it('refuses what is not a point in time', () => {
    expect(() => toInstant('not a date')).toThrow(RangeError);
    expect(() => clinicWallClock('2026-13-01T00:00:00Z', MANILA)).toThrow(RangeError);
  });
});

describe('offsets', () => {
  it('are the zone’s distance from UTC at that instant', () => {
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', MANILA)).toBe(480);
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', 'America/New_York')).toBe(-300);
    expect(utcOffsetMinutes('2026-07-01T00:00:00Z', 'America/New_York')).toBe(-240);
    expect(utcOffsetMinutes('2026-11-23T00:00:00Z', 'Asia/Kathmandu')).toBe(345);
  });

  it('are written ±HH:MM', () => {
    expect([480, -300, 0, 345, -570].map(formatUtcOffset)).toEqual(['+08:00', '-05:00', '+00:00', '+05:45', '-09:30']);
  });
});

describe('the instant of a clinic date and time', () => {
  it('is found from the clinic’s zone', () => {
    expect(clinicInstant('2026-11-23', '09:00', MANILA).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(clinicInstant('2026-11-23', '00:00', MANILA).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(clinicInstant('2026-11-23', '09:00', 'America/New_York').toISOString()).toBe('2026-11-23T14:00:00.000Z');
  });

  it('follows daylight saving time on the days around a change', () => {
    expect(clinicInstant('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(clinicInstant('2026-03-08', '09:00', 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(clinicInstant('2026-11-01', '00:00', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(clinicInstant('2026-11-01', '09:00', 'America/New_York').toISOString()).toBe('2026-11-01T14:00:00.000Z');
  });

  it('is written back with the clinic’s offset', () => {
    expect(toClinicIso('2026-11-23T02:20:00Z', MANILA)).toBe('2026-11-23T10:20:00+08:00');
    expect(toClinicIso(new Date('2026-11-23T02:20:30.250Z'), MANILA)).toBe('2026-11-23T10:20:30+08:00');
    expect(toClinicIso('2026-11-23T02:20:00Z', 'America/New_York')).toBe('2026-11-22T21:20:00-05:00');
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => clinicInstant('2026-11-23', '13:40', MANILA).toISOString()),
        zone,
      ).toBe('2026-11-23T05:40:00.000Z');
    }
  });
});
