/**
 * Moving between instants and the clinic's wall clock (an IANA zone such as 'Asia/Manila', from
 * `clinics.timezone`), whatever zone the browser is in. Pure: instants and zones are passed in;
 * nothing here reads the clock. The clock reading itself (`zonedParts`) and showing instants as
 * text live in `src/lib/clinic-time.ts`.
 */
// Relative, not '@/lib': the Node-side browser tests load this module too, without the alias.
import { isoDateOfParts, toInstant, zonedParts } from '@/lib/clinic-time';
import { minutesOfTime, parseIsoDate, timeOfMinutes, type IsoDate, type WallTime } from './dates';

export interface ClinicWallClock {
  /** The clinic's calendar date. */
  date: IsoDate;
  /** 'HH:MM', 24-hour. */
  time: WallTime;
  /** Minutes since the clinic's midnight, 0–1439. */
  minutes: number;
}

/** The clinic's date and time at `instant`. Throws a RangeError for a bad instant or zone. */
export function clinicWallClock(instant: Date | string, timeZone: string): ClinicWallClock {
  const parts = zonedParts(instant, timeZone);
  const minutes = parts.hour * 60 + parts.minute;
  return { date: isoDateOfParts(parts), time: timeOfMinutes(minutes), minutes };
}

/** The clinic's calendar date at `instant`. */
export function clinicDateOf(instant: Date | string, timeZone: string): IsoDate {
  return clinicWallClock(instant, timeZone).date;
}

/** How far the clinic's clock is ahead of UTC at `instant`, in minutes (Manila: 480). */
export function utcOffsetMinutes(instant: Date | string, timeZone: string): number {
  const at = toInstant(instant);
  const parts = zonedParts(at, timeZone);
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const wholeSecond = Math.floor(at.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - wholeSecond) / 60_000);
}

/** 480 → '+08:00', -300 → '-05:00', 0 → '+00:00'. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

/**
 * The instant at which the clinic's clock reads `time` on `date`. A time a daylight-saving change
 * skips or repeats gets one of the instants next to it; clinic hours (09:00–18:00) never fall there.
 */
export function clinicInstant(date: IsoDate, time: WallTime, timeZone: string): Date {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  const wallAsUtc = Date.UTC(parts.year, parts.month - 1, parts.day, 0, minutesOfTime(time));
  const firstGuess = wallAsUtc - utcOffsetMinutes(new Date(wallAsUtc), timeZone) * 60_000;
  const settled = wallAsUtc - utcOffsetMinutes(new Date(firstGuess), timeZone) * 60_000;
  return new Date(settled);
}

/**
 * `instant` written as the clinic sees it, with the clinic's offset:
 * '2026-11-23T10:20:00+08:00' (Manila). Seconds are kept, milliseconds dropped.
 */
export function toClinicIso(instant: Date | string, timeZone: string): string {
  const at = toInstant(instant);
  const parts = zonedParts(at, timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${isoDateOfParts(parts)}T${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}` +
    formatUtcOffset(utcOffsetMinutes(at, timeZone))
  );
}
