/**
 * Dates and instants as the app and the patients' Messenger texts show them. Plain dates and
 * months have no zone; instants are shown in the clinic's zone. date-fns patterns with the en-US
 * locale write the same strings on every runtime, whatever its ICU data (newer ICU puts a narrow
 * no-break space before AM/PM in Intl's output).
 */
import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { inClinicZone, type Instant } from './clinic-clock';
import { addDays, calendarDay, firstDateOfMonth, type IsoDate, type IsoMonth } from './iso-date';

const options = { locale: enUS };

// ---------------------------------------------------------------------------
// Calendar dates and months (no zone)
// ---------------------------------------------------------------------------

/** 'Monday, November 23, 2026': a calendar date in words (the calendars' day names). */
export function dayLabel(date: IsoDate): string {
  return format(calendarDay(date), 'EEEE, MMMM d, yyyy', options);
}

/** 'November 23, 2026': a calendar date as formatClinicDate writes an instant's (a due date, a visit). */
export function dateLabel(date: IsoDate): string {
  return format(calendarDay(date), 'MMMM d, yyyy', options);
}

/** 'Monday' for '2026-11-23'. */
export function weekdayName(date: IsoDate): string {
  return format(calendarDay(date), 'EEEE', options);
}

/** 'November 2026' for '2026-11'. */
export function monthTitle(month: IsoMonth): string {
  return format(calendarDay(firstDateOfMonth(month)), 'MMMM yyyy', options);
}

/** 'Nov 2026' for '2026-11': a month where space is short (a chart's axis). */
export function monthTitleShort(month: IsoMonth): string {
  return format(calendarDay(firstDateOfMonth(month)), 'MMM yyyy', options);
}

// 1 January 2023 was a Sunday.
const SUNDAY_FIRST_WEEK = Array.from({ length: 7 }, (_, index) => calendarDay(addDays('2023-01-01', index)));
const WEEKDAY_NAMES = {
  short: Object.freeze(SUNDAY_FIRST_WEEK.map((day) => format(day, 'EEE', options))),
  long: Object.freeze(SUNDAY_FIRST_WEEK.map((day) => format(day, 'EEEE', options))),
};

/** The weekdays' names, Sunday first: 'Sun' … 'Sat', or 'Sunday' … 'Saturday'. */
export function weekdayNames(width: 'short' | 'long'): readonly string[] {
  return WEEKDAY_NAMES[width];
}

// ---------------------------------------------------------------------------
// Instants, in the clinic's zone
// ---------------------------------------------------------------------------

/** 'November 23, 2026': the clinic's date at `instant` (the Appointments list's Date column). */
export function formatClinicDate(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), 'MMMM d, yyyy', options);
}

/** 'Nov 23, 2026': the clinic's date at `instant` in the Philippine short form, for narrow cells. */
export function formatClinicDateShort(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), 'MMM d, yyyy', options);
}

/** 'Nov 23': the clinic's day and month at `instant`, for a recent date in a narrow cell. */
export function formatClinicMonthDay(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), 'MMM d', options);
}

/** '10:20 AM': the clinic's time at `instant`, 12-hour. */
export function formatClinicTime(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), 'h:mm a', options);
}

/** 'Mon 2030-01-07, 9:00 AM': one line for lists (patient history, a dentist's appointments). */
export function formatClinicDateTime(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), 'EEE yyyy-MM-dd, h:mm a', options);
}

/** 'Nov 23, 2026, 9:05 AM': the Philippine short form (reminder log, live-update notices). */
export function formatClinicDateTimeShort(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), 'MMM d, yyyy, h:mm a', options);
}

/** 'Saturday, 21 November 2026 at 9:00 AM': the Philippine long form of the patients' Messenger texts. */
export function formatClinicDateTimeLong(instant: Instant, timeZone: string): string {
  return format(inClinicZone(instant, timeZone), "EEEE, d MMMM yyyy 'at' h:mm a", options);
}
