/**
 * Moving between instants and the clinic's wall clock. The clinic's zone is an IANA name such as
 * 'Asia/Manila' (`clinics.timezone`); readings never depend on the browser's or the server's own
 * zone. Pure: every instant and zone is passed in, nothing reads the clock. Zone offsets come from
 * @date-fns/tz (TZDate), not from arithmetic of our own.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { getDay } from 'date-fns';
import { isoDateOf, parseIsoDate, type IsoDate, type Weekday } from './iso-date';
import { parseWallTime, wallTime, type WallTime } from './wall-time';

export { DEFAULT_CLINIC_TIME_ZONE } from './clinic-year';

/** A point in time: a Date, or an ISO timestamp with an offset as the database returns timestamptz. */
export type Instant = Date | string;

/** A Date from a Date or an ISO timestamp; throws a RangeError when it is not a point in time. */
export function toInstant(value: Instant): Date {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a point in time: ${String(value)}`);
  return instant;
}

/** Whether `timeZone` is a zone the runtime knows (an IANA name, or a fixed offset like '+08:00'). */
export function isTimeZone(timeZone: string): boolean {
  return !Number.isNaN(tzOffset(timeZone, new Date(0)));
}

/**
 * The instant as a TZDate in the clinic's zone: its getters read the clinic's wall clock. Throws a
 * RangeError for a bad instant or an unknown zone. Internal to this module (not in the index).
 */
export function inClinicZone(instant: Instant, timeZone: string): TZDate {
  const zoned = new TZDate(toInstant(instant).getTime(), timeZone);
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return zoned;
}

/** What the clinic's wall clock reads at an instant. */
export interface ClinicWallClock {
  /** The clinic's calendar date. */
  readonly date: IsoDate;
  /** 'HH:MM', 24-hour. */
  readonly time: WallTime;
  /** 0–23 */
  readonly hour: number;
  /** 0–59 */
  readonly minute: number;
}

/** The clinic's date and time at `instant`. Throws a RangeError for a bad instant or zone. */
export function clinicWallClock(instant: Instant, timeZone: string): ClinicWallClock {
  const zoned = inClinicZone(instant, timeZone);
  const hour = zoned.getHours();
  const minute = zoned.getMinutes();
  return { date: isoDateOf(zoned), time: wallTime(hour, minute), hour, minute };
}

/** The clinic's calendar date at `instant`. */
export function clinicDateOf(instant: Instant, timeZone: string): IsoDate {
  return isoDateOf(inClinicZone(instant, timeZone));
}

/** The clinic's weekday at `instant`, 0 = Sunday … 6 = Saturday. */
export function clinicWeekdayOf(instant: Instant, timeZone: string): Weekday {
  return getDay(inClinicZone(instant, timeZone)) as Weekday;
}

/** Today's date in the clinic, at `now`. */
export function clinicToday(now: Date, timeZone: string): IsoDate {
  return clinicDateOf(now, timeZone);
}

/**
 * The instant at which the clinic's clock reads `time` ('HH:MM' or 'HH:MM:SS'; '24:00' is the
 * midnight ending the day) on `date`. A time a daylight-saving change skips is moved forward by the
 * gap (02:30 → 03:30 EDT); a time it repeats is its first occurrence. Clinic hours never fall there.
 */
export function clinicInstant(date: IsoDate, time: WallTime, timeZone: string): Date {
  const day = parseIsoDate(date);
  if (!day) throw new RangeError(`Not an ISO date: ${date}`);
  const { hour, minute, second } = parseWallTime(time);
  const zoned = new TZDate(day.year, day.month - 1, day.day, hour, minute, second, timeZone);
  if (Number.isNaN(zoned.getTime())) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return new Date(zoned.getTime());
}

/** How far the clinic's clock is ahead of UTC at `instant`, in minutes (Manila: 480). */
export function utcOffsetMinutes(instant: Instant, timeZone: string): number {
  const offset = tzOffset(timeZone, toInstant(instant));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return offset;
}

/**
 * `instant` written as the clinic sees it, with the clinic's offset, as appointments are stored:
 * '2026-11-23T10:20:00+08:00' (Manila). Seconds are kept, milliseconds dropped.
 */
export function toClinicIso(instant: Instant, timeZone: string): string {
  const zoned = inClinicZone(instant, timeZone);
  // Written out rather than with date-fns' format(), which would bring its whole token parser and
  // English locale to every page that reads the clinic's date (the login screen's footer among them).
  const two = (value: number) => String(value).padStart(2, '0');
  const offset = -zoned.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const clock = `${two(zoned.getHours())}:${two(zoned.getMinutes())}:${two(zoned.getSeconds())}`;
  return `${isoDateOf(zoned)}T${clock}${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}
