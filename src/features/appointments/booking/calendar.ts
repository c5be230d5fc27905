/**
 * The booking form's month calendar (spec part 2 §2: no past dates, Sundays disabled): ISO
 * dates, Sunday-first weeks, "today" being the clinic's today (passed in). Date-only arithmetic
 * (dates.ts) runs in UTC, so the browser's own zone never shifts a day.
 */
import { addDays, daysInMonth, isIsoDate, isoDate, parseIsoDate, weekdayOf, type IsoDate } from '../model/dates';
import { CLINIC_HOURS, isClosedDay, type ClinicHours } from '../model/slots';

/** A month as ISO year-month, e.g. '2026-11'. */
export type IsoMonth = string;

export interface BookingCalendarDay {
  readonly date: IsoDate;
  /** 1–31 */
  readonly day: number;
  readonly isToday: boolean;
  /** Before the clinic's today. */
  readonly isPast: boolean;
  /** A day the clinic is closed (Sundays). */
  readonly isClosed: boolean;
  /** Whether the calendar lets the user pick it. */
  readonly bookable: boolean;
}

const ISO_MONTH = /^(\d{4})-(\d{2})$/;

function parseMonth(month: IsoMonth): { year: number; month: number } {
  const match = ISO_MONTH.exec(month);
  const parsed = match ? { year: Number(match[1]), month: Number(match[2]) } : undefined;
  if (!parsed || parsed.month < 1 || parsed.month > 12) throw new RangeError(`Not an ISO month: ${month}`);
  return parsed;
}

/** The month a date is in: '2026-11-23' → '2026-11'. */
export function monthOf(date: IsoDate): IsoMonth {
  if (!isIsoDate(date)) throw new RangeError(`Not an ISO date: ${date}`);
  return date.slice(0, 7);
}

/** The month `count` months later (earlier when negative). */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const parsed = parseMonth(month);
  const index = parsed.year * 12 + (parsed.month - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Whether `date` can be picked: a real date, not before the clinic's today, the clinic open. */
export function isBookableDate(date: IsoDate, today: IsoDate, hours: ClinicHours = CLINIC_HOURS): boolean {
  return isIsoDate(date) && isIsoDate(today) && date >= today && !isClosedDay(date, hours);
}

/** The first date that can be picked: today, or the next open day. */
export function firstBookableDate(today: IsoDate, hours: ClinicHours = CLINIC_HOURS): IsoDate {
  let date = today;
  // At most a week of closed days: a clinic closed every day would have no bookable date.
  for (let step = 0; step < 7 && isClosedDay(date, hours); step++) date = addDays(date, 1);
  return date;
}

/** Paging back stops at today's month: every earlier date is past. */
export function canShowPreviousMonth(month: IsoMonth, today: IsoDate): boolean {
  return month > monthOf(today);
}

/**
 * The month as weeks of seven cells, Sunday first; cells outside the month are null. Four to
 * six weeks.
 */
export function bookingMonthGrid(
  month: IsoMonth,
  today: IsoDate,
  hours: ClinicHours = CLINIC_HOURS,
): (BookingCalendarDay | null)[][] {
  const { year, month: monthNumber } = parseMonth(month);
  const first = isoDate(year, monthNumber, 1);
  const cells: (BookingCalendarDay | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 1; day <= daysInMonth(year, monthNumber); day++) {
    const date = isoDate(year, monthNumber, day);
    cells.push({
      date,
      day,
      isToday: date === today,
      isPast: date < today,
      isClosed: isClosedDay(date, hours),
      bookable: isBookableDate(date, today, hours),
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (BookingCalendarDay | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

const monthTitleFormatter = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayLabelFormatter = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function utcNoon(date: IsoDate): Date {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, 12));
}

/** 'November 2026'. */
export function monthTitle(month: IsoMonth): string {
  return monthTitleFormatter.format(utcNoon(`${month}-01`));
}

/** 'Monday, November 23, 2026': a calendar date as words (no time zone involved). */
export function longDayLabel(date: IsoDate): string {
  return dayLabelFormatter.format(utcNoon(date));
}
