/**
 * Weeks of a month as the Appointments list numbers them: Week 1 runs from the
 * 1st to the first Sunday, each later week from Monday to Sunday, and the last one stops at the
 * month's end. Weeks never cross into another month. These are date-fns' weeks of the month with
 * weeks starting on Monday. Dates are clinic dates.
 */
import { endOfWeek, getWeekOfMonth, getWeeksInMonth } from 'date-fns';
import {
  addDays,
  calendarDay,
  firstDateOfMonth,
  isoDateOf,
  lastDateOfMonth,
  type IsoDate,
  type IsoMonth,
} from './iso-date';

const WEEKS_START_ON_MONDAY = { weekStartsOn: 1 } as const;

export interface MonthWeek {
  /** 1-based. */
  readonly week: number;
  /** First day, included. */
  readonly start: IsoDate;
  /** Last day, included. */
  readonly end: IsoDate;
}

/** The month's weeks in order: four to six of them. */
export function weeksOfMonth(month: IsoMonth): MonthWeek[] {
  const last = lastDateOfMonth(month);
  const weeks: MonthWeek[] = [];
  for (let start = firstDateOfMonth(month); start <= last;) {
    const sunday = isoDateOf(endOfWeek(calendarDay(start), WEEKS_START_ON_MONDAY));
    const end = sunday < last ? sunday : last;
    weeks.push({ week: weeks.length + 1, start, end });
    start = addDays(end, 1);
  }
  return weeks;
}

/** How many weeks the month has. */
export function weekCount(month: IsoMonth): number {
  return getWeeksInMonth(calendarDay(firstDateOfMonth(month)), WEEKS_START_ON_MONDAY);
}

/** Week `week` of the month; throws a RangeError when the month has no such week. */
export function monthWeek(month: IsoMonth, week: number): MonthWeek {
  const found = weeksOfMonth(month).find((candidate) => candidate.week === week);
  if (!found) throw new RangeError(`${month} has no week ${week}`);
  return found;
}

/** The number of the week `date` falls in, within its own month. */
export function weekOfMonth(date: IsoDate): number {
  return getWeekOfMonth(calendarDay(date), WEEKS_START_ON_MONDAY);
}
