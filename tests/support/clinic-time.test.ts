import { afterEach, describe, expect, it } from 'vitest';
import { clinicDateOf, clinicToday, clinicWeekdayOf, weekdayNames } from '@common/clinic-calendar';
import {
  CLINIC_TIME_ZONE,
  clinicDateAt,
  clinicDaysAhead,
  clinicSunday,
  clinicTime,
  clinicWorkday,
} from './clinic-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const N = Array.from({ length: 20 }, (_, i) => i + 1);

/**
 * Every "today" of 2027 at five UTC times: Manila's morning (00:00Z = 08:00), noon (04:00Z), the
 * last millisecond before its midnight (15:59:59.999Z), its midnight (16:00Z, already the next
 * day there) and the end of the UTC day (23:59:59.999Z).
 */
const NOWS = Array.from({ length: 365 }, (_, day) => Date.UTC(2027, 0, 1 + day)).flatMap((midnightUtc) =>
  [0, 4 * 3_600_000, 16 * 3_600_000 - 1, 16 * 3_600_000, DAY_MS - 1].map((ms) => new Date(midnightUtc + ms)),
);

interface ClinicReading {
  date: string;
  /** 'Sun' … 'Sat' */
  weekday: string;
}

const readings = new Map<string, ClinicReading>();
/** Manila's reading of noon on a clinic date, through the tz database (not the helpers' date arithmetic). */
function inManila(date: string): ClinicReading {
  let reading = readings.get(date);
  if (!reading) {
    const noon = clinicTime(date, '12:00');
    reading = {
      date: clinicDateOf(noon, CLINIC_TIME_ZONE),
      weekday: weekdayNames('short')[clinicWeekdayOf(noon, CLINIC_TIME_ZONE)]!,
    };
    readings.set(date, reading);
  }
  return reading;
}

/** The calendar days after `from` up to and including `to`, both YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`) + DAY_MS; ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

/** Everything the helpers answer for one "today", to compare runs under other machine zones. */
function answersAt(now: Date) {
  return {
    today: clinicDateAt(now),
    ahead: N.map((n) => clinicWorkday(n, now)),
    behind: N.map((n) => clinicWorkday(-n, now)),
    sundays: [1, 2, 3].map((n) => clinicSunday(n, now)),
    daysAhead: clinicDaysAhead('2027-06-15', now),
  };
}

describe('clinic dates for test data', () => {
  const machineZone = process.env.TZ;
  afterEach(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('clinicWorkday counts Monday–Saturday days from a Saturday, skipping the Sunday once', () => {
    const saturdayMorning = new Date('2026-11-21T10:00:00+08:00');
    expect(N.slice(0, 3).map((n) => clinicWorkday(n, saturdayMorning))).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect([-1, -2, -6, -7].map((n) => clinicWorkday(n, saturdayMorning))).toEqual([
      '2026-11-20',
      '2026-11-19',
      '2026-11-14',
      '2026-11-13',
    ]);
    expect(clinicSunday(1, saturdayMorning)).toBe('2026-11-22');
    expect(clinicSunday(2, saturdayMorning)).toBe('2026-11-29');
  });

  it('reads today in Manila: at 15:59:59.999 UTC it is still that day there, at 16:00 UTC it is the next', () => {
    expect(clinicDateAt(new Date('2027-03-06T15:59:59.999Z'))).toBe('2027-03-06');
    expect(clinicDateAt(new Date('2027-03-06T16:00:00.000Z'))).toBe('2027-03-07');
    expect(clinicWorkday(1, new Date('2027-03-06T15:59:59.999Z'))).toBe('2027-03-08');
    expect(clinicWorkday(1, new Date('2027-03-06T16:00:00.000Z'))).toBe('2027-03-08');
    expect(clinicWorkday(2, new Date('2027-03-06T16:00:00.000Z'))).toBe('2027-03-09');
  });

  it('agrees with the tz database on the Manila date at every instant of the year tested', () => {
    for (const now of NOWS) expect(clinicDateAt(now)).toBe(clinicToday(now, CLINIC_TIME_ZONE));
  });

  it('clinicWorkday(1..20) is, on every day of 2027, the next 20 clinic days after today: no Sunday, no gap, no repeat', () => {
    for (const now of NOWS) {
      const today = clinicToday(now, CLINIC_TIME_ZONE);
      const ahead = N.map((n) => clinicWorkday(n, now));
      expect(
        ahead.filter((date) => date <= today || inManila(date).date !== date || inManila(date).weekday === 'Sun'),
      ).toEqual([]);
      expect(ahead.slice(1).every((date, i) => date > ahead[i]!)).toBe(true);
      expect(new Set(ahead).size).toBe(N.length);
      expect(ahead).toEqual(daysBetween(today, ahead.at(-1)!).filter((date) => inManila(date).weekday !== 'Sun'));
    }
  });

  it('clinicWorkday(-1..-20) is, on every day of 2027, the 20 clinic days before today, newest first', () => {
    for (const now of NOWS) {
      const today = clinicToday(now, CLINIC_TIME_ZONE);
      const behind = N.map((n) => clinicWorkday(-n, now));
      expect(behind.filter((date) => date >= today || inManila(date).weekday === 'Sun')).toEqual([]);
      expect(behind.slice(1).every((date, i) => date < behind[i]!)).toBe(true);
      const oldest = behind.at(-1)!;
      const calendar = [oldest, ...daysBetween(oldest, today).slice(0, -1)];
      expect([...behind].reverse()).toEqual(calendar.filter((date) => inManila(date).weekday !== 'Sun'));
    }
  });

  it('clinicSunday(n) is the n-th Sunday after today, and clinicDaysAhead counts the calendar days to a date', () => {
    for (const now of NOWS) {
      const first = clinicSunday(1, now);
      expect(inManila(first).weekday).toBe('Sun');
      expect(clinicDaysAhead(first, now)).toBeGreaterThanOrEqual(1);
      expect(clinicDaysAhead(first, now)).toBeLessThanOrEqual(7);
      expect(clinicDaysAhead(clinicSunday(3, now), now)).toBe(clinicDaysAhead(first, now) + 14);
      expect(clinicDaysAhead(clinicDateAt(now), now)).toBe(0);
      // Tomorrow, unless tomorrow is the Sunday.
      expect(clinicDaysAhead(clinicWorkday(1, now), now)).toBe(clinicDaysAhead(first, now) === 1 ? 2 : 1);
    }
  });

  it("answers the same whatever the machine's time zone", () => {
    const sample = NOWS.filter((_, i) => i % 7 === 0);
    const expected = sample.map(answersAt);
    const offsets = new Set<number>();
    for (const zone of ['UTC', 'America/New_York', 'Asia/Manila', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = zone;
      offsets.add(new Date(Date.UTC(2027, 0, 1)).getTimezoneOffset());
      expect(sample.map(answersAt)).toEqual(expected);
    }
    // The zone really changed under the helpers (UTC, −5, +8, +14 and −11 hours).
    expect(offsets.size).toBe(5);
  });

  it('refuses day counts and texts it cannot place', () => {
    const now = new Date('2027-01-04T10:00:00+08:00');
    expect(() => clinicWorkday(0, now)).toThrow(RangeError);
    expect(() => clinicWorkday(1.5, now)).toThrow(RangeError);
    expect(() => clinicSunday(0, now)).toThrow(RangeError);
    expect(() => clinicSunday(-1, now)).toThrow(RangeError);
    expect(() => clinicDateAt(new Date('not a date'))).toThrow(RangeError);
    expect(() => clinicTime('2027-1-4', '10:00')).toThrow(RangeError);
    expect(() => clinicTime('2027-01-04', '9:00')).toThrow(RangeError);
    expect(clinicTime('2027-01-04', '09:00')).toBe('2027-01-04T09:00:00+08:00');
  });
});
