/**
 * Dates for test data, in the demo clinics' time zone: Asia/Manila, UTC+08:00 all year (the
 * Philippines has kept no daylight saving time since 1990), so plain offset arithmetic on UTC is
 * exact and nothing here reads the machine's time zone.
 *
 * A test picks its days by number: `clinicWorkday(1)`, `clinicWorkday(2)`, … are different dates
 * whatever weekday today is, so bookings of one test never land on the same day by accident, and
 * never on a Sunday (the clinic is closed) or today (whose hours may already be past).
 *
 * `now` defaults to the real clock because the database checks bookings against its own now();
 * pass it explicitly to pin the dates.
 */

export const CLINIC_TIME_ZONE = 'Asia/Manila';
export const CLINIC_UTC_OFFSET = '+08:00';

const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Midnight UTC of a YYYY-MM-DD, for day arithmetic that no zone can shift. */
function utcMidnight(date: string): number {
  const ms = ISO_DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return ms;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isSunday = (ms: number) => new Date(ms).getUTCDay() === 0;

/** The nonzero integer `n`, or a RangeError naming the function. */
function dayCount(name: string, n: number): number {
  if (!Number.isInteger(n) || n === 0) throw new RangeError(`${name}(n) needs a nonzero whole number, got ${n}`);
  return n;
}

/** The clinic's calendar date at `instant`, as YYYY-MM-DD. */
export function clinicDateAt(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('clinicDateAt needs a valid Date');
  return isoDate(instant.getTime() + OFFSET_MS);
}

/**
 * The n-th clinic day (Monday–Saturday) after the clinic's today, as YYYY-MM-DD; for negative
 * n, the |n|-th clinic day before today. Strictly increasing in n: distinct n, distinct dates.
 */
export function clinicWorkday(n: number, now: Date = new Date()): string {
  const step = Math.sign(dayCount('clinicWorkday', n)) * DAY_MS;
  let day = utcMidnight(clinicDateAt(now));
  for (let found = 0; found < Math.abs(n);) {
    day += step;
    if (!isSunday(day)) found += 1;
  }
  return isoDate(day);
}

/** The n-th Sunday (the clinic is closed) after the clinic's today, n ≥ 1, as YYYY-MM-DD. */
export function clinicSunday(n: number, now: Date = new Date()): string {
  if (dayCount('clinicSunday', n) < 0) throw new RangeError(`clinicSunday(n) counts forward only, got ${n}`);
  const today = utcMidnight(clinicDateAt(now));
  const daysToFirst = 7 - new Date(today).getUTCDay();
  return isoDate(today + (daysToFirst + 7 * (n - 1)) * DAY_MS);
}

/** Whole calendar days from the clinic's today to `date` (0 today, negative before). */
export function clinicDaysAhead(date: string, now: Date = new Date()): number {
  return Math.round((utcMidnight(date) - utcMidnight(clinicDateAt(now))) / DAY_MS);
}

/** `2026-11-23` + `10:20` → `2026-11-23T10:20:00+08:00`, the form the booking form stores. */
export function clinicTime(date: string, time: string): string {
  utcMidnight(date);
  if (!CLOCK_TIME.test(time)) throw new RangeError(`Not an HH:MM clinic time: ${time}`);
  return `${date}T${time}:00${CLINIC_UTC_OFFSET}`;
}
