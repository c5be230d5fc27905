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

/**
 * The selected date once the clinic's day has moved on to `today`: a date the calendar no longer
 * offers moves to the first one it does, unless it holds unsaved clicks, which stay where they
 * were made rather than being dropped unseen. Null (nothing selected) stays null.
 */
export function selectionOnNewDay(selected: IsoDate | null, today: IsoDate, unsaved: boolean): IsoDate | null {
  if (selected === null || unsaved) return selected;
  const first = firstSelectableDate(today);
  return selected < first ? first : selected;
}

/**
 * The first date the manager reads blocks and bookings from: `today`, or the selected date when
 * it is earlier (a day kept past midnight for its unsaved clicks), so that its grid still shows
 * what is stored.
 */
export function firstDateRead(today: IsoDate, selected: IsoDate | null): IsoDate {
  return selected !== null && selected < today ? selected : today;
}
