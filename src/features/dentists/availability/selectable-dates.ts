/**
 * Which dates the Availability Manager's calendar lets the user pick: not
 * Sundays, not before the clinic's today, the range starting at today. "Today" is
 * `clinicToday(now, timeZone)`; the calendar itself is the shared MonthCalendar.
 */
import { addDays, isIsoDate, weekdayOf, type IsoDate } from '@common/clinic-calendar';

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
