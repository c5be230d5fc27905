/**
 * Weeks of a month as the Appointments list numbers them (spec part 2 §2): Week 1 runs from the
 * 1st to the first Sunday, each later week from Monday to Sunday, and the last one stops at the
 * month's end. Weeks never cross into another month. Dates are clinic dates.
 */
import { daysInMonth, isoDate, parseIsoDate, weekdayOf, type IsoDate } from './dates';

export interface MonthWeek {
  /** 1-based. */
  readonly week: number;
  /** First day, included. */
  readonly start: IsoDate;
  /** Last day, included. */
  readonly end: IsoDate;
}

/** Day of the month (1–7) of the month's first Sunday. */
function firstSundayOf(year: number, month: number): number {
  return 1 + ((7 - weekdayOf(isoDate(year, month, 1))) % 7);
}

/** The month's weeks in order: four to six of them. `month` is 1–12. */
export function weeksOfMonth(year: number, month: number): MonthWeek[] {
  const lastDay = daysInMonth(year, month);
  const weeks: MonthWeek[] = [];
  let startDay = 1;
  let endDay = firstSundayOf(year, month);
  while (startDay <= lastDay) {
    weeks.push({ week: weeks.length + 1, start: isoDate(year, month, startDay), end: isoDate(year, month, endDay) });
    startDay = endDay + 1;
    endDay = Math.min(endDay + 7, lastDay);
  }
  return weeks;
}

/** How many weeks the month has. */
export function weekCount(year: number, month: number): number {
  return weeksOfMonth(year, month).length;
}

/** Week `week` of the month; throws a RangeError when the month has no such week. */
export function monthWeek(year: number, month: number, week: number): MonthWeek {
  const found = weeksOfMonth(year, month).find((candidate) => candidate.week === week);
  if (!found) throw new RangeError(`${year}-${month} has no week ${week}`);
  return found;
}

/** The number of the week `date` falls in, within its own month. */
export function weekOfMonth(date: IsoDate): number {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  const firstSunday = firstSundayOf(parts.year, parts.month);
  return parts.day <= firstSunday ? 1 : 1 + Math.ceil((parts.day - firstSunday) / 7);
}
