/**
 * "Wall-clock Dates", for widgets that lay dates out by a Date's local fields (react-big-calendar):
 * Dates whose local year, month, day, hour and minute read what the clinic's clock reads, whatever
 * the browser's zone. Only the widget sees them; they are turned back into clinic dates, times
 * and instants here. The browser's own daylight-saving gaps (e.g. 02:00–03:00 on a spring day in
 * New York) cannot be shown this way; clinic hours (09:00–18:00) never fall in one.
 */
import { clinicInstant, clinicWallClock, type ClinicWallClock, type Instant } from './clinic-clock';
import { isoDateOf, parseIsoDate, type IsoDate } from './iso-date';
import { parseWallTime, wallTime, type WallTime } from './wall-time';

/** The wall-clock Date for a clinic date and time. */
export function wallClockDate(date: IsoDate, time: WallTime): Date {
  const day = parseIsoDate(date);
  if (!day) throw new RangeError(`Not an ISO date: ${date}`);
  const { hour, minute } = parseWallTime(time);
  return new Date(day.year, day.month - 1, day.day, hour, minute);
}

/** The clinic date and time a wall-clock Date shows (seconds dropped). */
export function wallClockParts(wallClock: Date): ClinicWallClock {
  const hour = wallClock.getHours();
  const minute = wallClock.getMinutes();
  return { date: isoDateOf(wallClock), time: wallTime(hour, minute), hour, minute };
}

/** The wall-clock Date showing the clinic's date and time at `instant`. */
export function toWallClockDate(instant: Instant, timeZone: string): Date {
  const { date, time } = clinicWallClock(instant, timeZone);
  return wallClockDate(date, time);
}

/** The instant a wall-clock Date stands for in the clinic. */
export function fromWallClockDate(wallClock: Date, timeZone: string): Date {
  const { date, time } = wallClockParts(wallClock);
  return clinicInstant(date, time, timeZone);
}
