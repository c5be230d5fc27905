/**
 * Clinic days, weeks, months and years as half-open ranges of instants, [start, end): from the
 * clinic's midnight starting the first day to the clinic's midnight after the last. Right whatever
 * the browser's zone, and across daylight-saving changes in zones that have them (a day may last
 * 23 or 25 hours).
 */
import { clinicInstant, toInstant, type Instant } from './clinic-clock';
import { addDays, firstDateOfMonth, isoDate, lastDateOfMonth, type IsoDate, type IsoMonth } from './iso-date';
import { monthWeek } from './weeks';

export interface InstantRange {
  /** Included. */
  readonly start: Date;
  /** Excluded. */
  readonly end: Date;
}

/**
 * The clinic dates `first` to `last` (both included) as instants. Throws a RangeError when `last`
 * is before `first`.
 */
export function clinicDaysRange(first: IsoDate, last: IsoDate, timeZone: string): InstantRange {
  const start = clinicInstant(first, '00:00', timeZone);
  const end = clinicInstant(addDays(last, 1), '00:00', timeZone);
  if (end <= start) throw new RangeError(`${last} is before ${first}`);
  return { start, end };
}

/** One clinic date as instants. */
export function clinicDayRange(date: IsoDate, timeZone: string): InstantRange {
  return clinicDaysRange(date, date, timeZone);
}

/**
 * Week `week` of the month as the Appointments list numbers them (see weeks.ts: Week 1 ends on the
 * month's first Sunday). Throws a RangeError for a week the month does not have.
 */
export function clinicWeekRange(month: IsoMonth, week: number, timeZone: string): InstantRange {
  const { start, end } = monthWeek(month, week);
  return clinicDaysRange(start, end, timeZone);
}

/** A whole clinic month. */
export function clinicMonthRange(month: IsoMonth, timeZone: string): InstantRange {
  return clinicDaysRange(firstDateOfMonth(month), lastDateOfMonth(month), timeZone);
}

/** A whole clinic year: from the clinic's New Year to the next. */
export function clinicYearRange(year: number, timeZone: string): InstantRange {
  return clinicDaysRange(isoDate(year, 1, 1), isoDate(year, 12, 31), timeZone);
}

/** Whether `instant` lies in the range: from its start, up to but not including its end. */
export function isInRange(instant: Instant, range: InstantRange): boolean {
  const at = toInstant(instant).getTime();
  return range.start.getTime() <= at && at < range.end.getTime();
}
