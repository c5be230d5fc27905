/**
 * Dates for test data, in the demo clinics' time zone (Asia/Manila). The calendar arithmetic is
 * @common/clinic-calendar's, so nothing here reads the machine's time zone.
 *
 * A test picks its days by number: `clinicWorkday(1)`, `clinicWorkday(2)`, … are different dates
 * whatever weekday today is, so bookings of one test never land on the same day by accident, and
 * never on a Sunday (the clinic is closed) or today (whose hours may already be past).
 *
 * `now` defaults to the real clock because the database checks bookings against its own now();
 * pass it explicitly to pin the dates.
 */
import {
  addDays,
  clinicDateOf,
  clinicInstant,
  daysBetween,
  isIsoDate,
  toClinicIso,
  weekdayOf,
} from '@common/clinic-calendar';

export const CLINIC_TIME_ZONE = 'Asia/Manila';
/** Manila's offset from UTC, the same all year (the Philippines keeps no daylight saving time). */
export const CLINIC_UTC_OFFSET = '+08:00';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The date itself, or a RangeError when it is not a real YYYY-MM-DD date. */
function checkedDate(date: string): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return date;
}

/** The nonzero integer `n`, or a RangeError naming the function. */
function dayCount(name: string, n: number): number {
  if (!Number.isInteger(n) || n === 0) throw new RangeError(`${name}(n) needs a nonzero whole number, got ${n}`);
  return n;
}

/** The clinic's calendar date at `instant`, as YYYY-MM-DD. */
export function clinicDateAt(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('clinicDateAt needs a valid Date');
  return clinicDateOf(instant, CLINIC_TIME_ZONE);
}

/**
 * The n-th clinic day (Monday–Saturday) after the clinic's today, as YYYY-MM-DD; for negative
 * n, the |n|-th clinic day before today. Strictly increasing in n: distinct n, distinct dates.
 */
export function clinicWorkday(n: number, now: Date = new Date()): string {
  const step = Math.sign(dayCount('clinicWorkday', n));
  const today = clinicDateAt(now);
  const weekdayToday = weekdayOf(today);
  // Count the days by their weekday numbers, then move the date once: date arithmetic is the
  // module's, and a year of todays in the test calls this tens of thousands of times.
  let days = 0;
  for (let found = 0; found < Math.abs(n);) {
    days += step;
    if ((((weekdayToday + days) % 7) + 7) % 7 !== 0) found += 1;
  }
  return addDays(today, days);
}

/** The n-th Sunday (the clinic is closed) after the clinic's today, n ≥ 1, as YYYY-MM-DD. */
export function clinicSunday(n: number, now: Date = new Date()): string {
  if (dayCount('clinicSunday', n) < 0) throw new RangeError(`clinicSunday(n) counts forward only, got ${n}`);
  const today = clinicDateAt(now);
  return addDays(today, 7 - weekdayOf(today) + 7 * (n - 1));
}

/** Whole calendar days from the clinic's today to `date` (0 today, negative before). */
export function clinicDaysAhead(date: string, now: Date = new Date()): number {
  return daysBetween(clinicDateAt(now), checkedDate(date));
}

/** `2026-11-23` + `10:20` → `2026-11-23T10:20:00+08:00`, the form the booking form stores. */
export function clinicTime(date: string, time: string): string {
  checkedDate(date);
  if (!CLOCK_TIME.test(time)) throw new RangeError(`Not an HH:MM clinic time: ${time}`);
  return toClinicIso(clinicInstant(date, time, CLINIC_TIME_ZONE), CLINIC_TIME_ZONE);
}
