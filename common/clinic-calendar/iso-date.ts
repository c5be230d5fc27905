/**
 * Calendar dates ('YYYY-MM-DD') and months ('YYYY-MM') as plain values. A date names a day on the
 * clinic's calendar, not an instant, so no zone is involved: date-fns counts the days on dates held
 * at UTC midnight (a UTCDate), which neither the browser's nor the server's zone can shift.
 */
import { UTCDate } from '@date-fns/utc';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  differenceInCalendarDays,
  eachDayOfInterval,
  getDay,
  getDaysInMonth,
  isExists,
  lastDayOfMonth,
  startOfWeek,
} from 'date-fns';

/** A calendar date as ISO year-month-day, e.g. '2026-11-23'. */
export type IsoDate = string;

/** A month as ISO year-month, e.g. '2026-11'. */
export type IsoMonth = string;

/** 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DateParts {
  year: number;
  /** 1–12 */
  month: number;
  /** 1–31 */
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/** The parts of a real calendar date written YYYY-MM-DD, or undefined (2026-02-30 is not one). */
export function parseIsoDate(date: string): DateParts | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isExists(parts.year, parts.month - 1, parts.day) ? parts : undefined;
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== undefined;
}

/** 'YYYY-MM-DD' from numbers (month 1–12); throws a RangeError for a date that does not exist. */
export function isoDate(year: number, month: number, day: number): IsoDate {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!isIsoDate(text)) throw new RangeError(`Not a calendar date: ${year}-${month}-${day}`);
  return text;
}

/**
 * The date as a UTCDate at midnight UTC, for date-fns to count on: a plain calendar date has no
 * zone, and UTCDate's fields are UTC's whatever the machine's zone (a TZDate in 'UTC' gives the
 * same answers but asks Intl for the offset on every call, ~50× slower). Throws a RangeError for
 * anything but a real YYYY-MM-DD date. Internal to this module (not in the index).
 */
export function calendarDay(date: IsoDate): UTCDate {
  const parts = assertIsoDate(date);
  return new UTCDate(parts.year, parts.month - 1, parts.day);
}

function assertIsoDate(date: IsoDate): DateParts {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  return parts;
}

/**
 * 'YYYY-MM-DD' of a Date's own calendar fields (a TZDate's are those of its zone). Internal. Read
 * straight from the getters: date-fns' lightFormat would rebuild the TZDate first, three times
 * slower on the list's hot path (a clinic date per appointment).
 */
export function isoDateOf(day: Date): IsoDate {
  const month = String(day.getMonth() + 1).padStart(2, '0');
  return `${String(day.getFullYear()).padStart(4, '0')}-${month}-${String(day.getDate()).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: IsoDate): Weekday {
  return getDay(calendarDay(date)) as Weekday;
}

/** The date `days` later (earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return isoDateOf(addDaysTo(calendarDay(date), days));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(calendarDay(to), calendarDay(from));
}

/** -1, 0 or 1 as `a` is before, the same as or after `b`: a comparator for `toSorted`. */
export function compareIsoDates(a: IsoDate, b: IsoDate): -1 | 0 | 1 {
  assertIsoDate(a);
  assertIsoDate(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every date from `first` to `last`, both included; empty when `last` is before `first`. */
export function isoDatesBetween(first: IsoDate, last: IsoDate): IsoDate[] {
  const start = calendarDay(first);
  const end = calendarDay(last);
  if (end < start) return [];
  return eachDayOfInterval({ start, end }).map(isoDateOf);
}

/** The seven dates of the week `date` falls in, the week starting on `weekStartsOn`. */
export function datesOfWeek(date: IsoDate, weekStartsOn: Weekday): IsoDate[] {
  const first = startOfWeek(calendarDay(date), { weekStartsOn });
  return Array.from({ length: 7 }, (_, index) => isoDateOf(addDaysTo(first, index)));
}

// ---------------------------------------------------------------------------
// Months
// ---------------------------------------------------------------------------

/** The year and month (1–12) of 'YYYY-MM', or undefined for anything else. */
export function parseIsoMonth(month: string): { year: number; month: number } | undefined {
  const match = ISO_MONTH.exec(month);
  const parsed = match ? { year: Number(match[1]), month: Number(match[2]) } : undefined;
  return parsed && parsed.month >= 1 && parsed.month <= 12 ? parsed : undefined;
}

export function isIsoMonth(value: string): boolean {
  return parseIsoMonth(value) !== undefined;
}

/** 'YYYY-MM' from numbers (month 1–12); throws a RangeError for a month that does not exist. */
export function isoMonth(year: number, month: number): IsoMonth {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  if (!isIsoMonth(text)) throw new RangeError(`Not a month: ${year}-${month}`);
  return text;
}

/** The month's first date; throws a RangeError for anything but 'YYYY-MM'. */
export function firstDateOfMonth(month: IsoMonth): IsoDate {
  if (!isIsoMonth(month)) throw new RangeError(`Not an ISO month: ${month}`);
  return `${month}-01`;
}

/** The month's last date: '2028-02' → '2028-02-29'. */
export function lastDateOfMonth(month: IsoMonth): IsoDate {
  return isoDateOf(lastDayOfMonth(calendarDay(firstDateOfMonth(month))));
}

/** 28–31. */
export function daysInMonth(month: IsoMonth): number {
  return getDaysInMonth(calendarDay(firstDateOfMonth(month)));
}

/** The month a date is in: '2026-11-23' → '2026-11'. */
export function monthOf(date: IsoDate): IsoMonth {
  assertIsoDate(date);
  return date.slice(0, 7);
}

/** The month `count` months later (earlier when negative). */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  return isoDateOf(addMonthsTo(calendarDay(firstDateOfMonth(month)), count)).slice(0, 7);
}
