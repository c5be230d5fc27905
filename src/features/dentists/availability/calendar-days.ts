/**
 * The Availability Manager's month calendar (spec part 1 §5, §9): ISO dates, weeks from Sunday
 * to Saturday, Sundays and dates before the clinic's today not selectable, the range starting at
 * today. Date-only arithmetic runs in UTC so the browser's own time zone never shifts a day;
 * "today" comes from `clinicToday(now, timeZone)`.
 */
import type { IsoDate } from '@/lib/clinic-time';

/** A month as ISO year-month, e.g. '2030-01'. */
export type IsoMonth = string;

export interface CalendarDay {
  date: IsoDate;
  /** Day of the month, 1–31. */
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  isSunday: boolean;
  isToday: boolean;
  /** Before the clinic's today. */
  isPast: boolean;
  selectable: boolean;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

function utcDateOf(date: IsoDate): Date | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2030-02-30 and friends, which Date.UTC would roll over.
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day ? utc : undefined;
}

function isoOf(utc: Date): IsoDate {
  return utc.toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  return utcDateOf(value) !== undefined;
}

/** 0 = Sunday … 6 = Saturday. Throws a RangeError for anything but a YYYY-MM-DD date. */
export function weekdayOf(date: IsoDate): number {
  const utc = utcDateOf(date);
  if (!utc) throw new RangeError(`Not an ISO date: ${date}`);
  return utc.getUTCDay();
}

/** The date `days` later (earlier when negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const utc = utcDateOf(date);
  if (!utc) throw new RangeError(`Not an ISO date: ${date}`);
  return isoOf(new Date(utc.getTime() + days * DAY_MS));
}

/**
 * Whether the calendar lets the user pick `date`: a valid date, not a Sunday, not before
 * `today` (the clinic's today). Today itself is selectable unless it is a Sunday.
 */
export function isSelectableDate(date: IsoDate, today: IsoDate): boolean {
  if (!isIsoDate(date) || !isIsoDate(today)) return false;
  return weekdayOf(date) !== 0 && date >= today;
}

/** The first date the calendar lets the user pick: today, or Monday when today is a Sunday. */
export function firstSelectableDate(today: IsoDate): IsoDate {
  return weekdayOf(today) === 0 ? addDays(today, 1) : today;
}

/** The month a date is in. */
export function monthOf(date: IsoDate): IsoMonth {
  if (!isIsoDate(date)) throw new RangeError(`Not an ISO date: ${date}`);
  return date.slice(0, 7);
}

function parseMonth(month: IsoMonth): { year: number; month: number } {
  const match = ISO_MONTH.exec(month);
  const parsed = match ? { year: Number(match[1]), month: Number(match[2]) } : undefined;
  if (!parsed || parsed.month < 1 || parsed.month > 12) throw new RangeError(`Not an ISO month: ${month}`);
  return parsed;
}

/** The month `count` months later (earlier when negative). */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const parsed = parseMonth(month);
  const utc = new Date(Date.UTC(parsed.year, parsed.month - 1 + count, 1));
  return isoOf(utc).slice(0, 7);
}

/** The calendar starts at today's month: no paging back before it. */
export function canShowPreviousMonth(month: IsoMonth, today: IsoDate): boolean {
  return month > monthOf(today);
}

/**
 * The month as weeks of seven cells, Sunday first; cells outside the month are null. Four to
 * six weeks, depending on the month.
 */
export function monthGrid(month: IsoMonth, today: IsoDate): (CalendarDay | null)[][] {
  const parsed = parseMonth(month);
  const first = new Date(Date.UTC(parsed.year, parsed.month - 1, 1));
  const daysInMonth = new Date(Date.UTC(parsed.year, parsed.month, 0)).getUTCDate();
  const cells: (CalendarDay | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let day = 1; day <= daysInMonth; day++) {
    const date = isoOf(new Date(first.getTime() + (day - 1) * DAY_MS));
    const weekday = (first.getUTCDay() + day - 1) % 7;
    cells.push({
      date,
      day,
      weekday,
      isSunday: weekday === 0,
      isToday: date === today,
      isPast: date < today,
      selectable: weekday !== 0 && date >= today,
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}
