/**
 * Calendar dates ('YYYY-MM-DD') and wall-clock times ('HH:MM') as plain values, with no time zone.
 * Date arithmetic runs in UTC so the browser's own zone never shifts a day.
 */

/** A calendar date as ISO year-month-day, e.g. '2026-11-23'. */
export type IsoDate = string;

/** A wall-clock time as 'HH:MM' (24-hour), e.g. '09:20'. */
export type WallTime = string;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

/** The parts of a real calendar date written YYYY-MM-DD, or undefined (2026-02-30 is not one). */
export function parseIsoDate(date: string): DateParts | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const utc = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const real =
    utc.getUTCFullYear() === parts.year && utc.getUTCMonth() === parts.month - 1 && utc.getUTCDate() === parts.day;
  return real ? parts : undefined;
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== undefined;
}

function utcMidnight(date: IsoDate): number {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  return Date.UTC(parts.year, parts.month - 1, parts.day);
}

/** 'YYYY-MM-DD' from numbers; throws a RangeError for a date that does not exist. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!isIsoDate(text)) throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  return text;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return new Date(utcMidnight(date)).getUTCDay();
}

/** The date `days` later (earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** 28–31. `month` is 1–12. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Not a month: ${month}`);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Minutes since midnight of 'HH:MM' or 'HH:MM:SS' (seconds ignored), e.g. '09:20' → 560. */
export function minutesOfTime(time: string): number {
  const match = TIME.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) {
    throw new RangeError(`Not a time of day: ${time}`);
  }
  return hours * 60 + minutes;
}

/** 'HH:MM' for minutes since midnight, e.g. 560 → '09:20'. */
export function timeOfMinutes(minutes: number): WallTime {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The 12-hour label of a time: '09:20' → '9:20 AM', '12:00' → '12:00 PM', '00:40' → '12:40 AM'. */
export function twelveHourLabel(time: WallTime): string {
  const minutes = minutesOfTime(time);
  const hour = Math.floor(minutes / 60) % 24;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}
