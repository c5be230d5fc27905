/**
 * The Appointments list's period filters: View (Monthly, Weekly, Daily), Year,
 * Month, Week and Day; the period they select as a half-open range of instants in clinic time;
 * and the summary line. `now` and the clinic's zone are passed in.
 */
import {
  clinicDateOf,
  clinicDaysRange,
  clinicToday,
  daysInMonth,
  firstDateOfMonth,
  isInRange,
  isoDate,
  isoMonth,
  lastDateOfMonth,
  monthWeek,
  parseIsoDate,
  weekCount,
  weekOfMonth,
  type InstantRange,
  type IsoDate,
} from '@common/clinic-calendar';

export type AppointmentView = 'monthly' | 'weekly' | 'daily';

export const VIEW_OPTIONS: readonly { value: AppointmentView; label: string }[] = Object.freeze([
  { value: 'monthly', label: 'Monthly' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
]);

export const MONTH_NAMES: readonly string[] = Object.freeze([
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]);

/** What the filters hold. Week and day are kept while the view does not use them. */
export interface PeriodSelection {
  readonly view: AppointmentView;
  readonly year: number;
  /** 1–12 */
  readonly month: number;
  /** 1-based week of the month (see weekOfMonth in @common/clinic-calendar). */
  readonly week: number;
  /** Day of the month. */
  readonly day: number;
}

/** The period as instants, [start, end), plus its first and last clinic dates. */
export interface PeriodRange extends InstantRange {
  readonly firstDate: IsoDate;
  /** Included. */
  readonly lastDate: IsoDate;
}

/** Monthly on the clinic's current year and month, with week and day set to today's. */
export function defaultPeriodSelection(now: Date, timeZone: string): PeriodSelection {
  const today = clinicToday(now, timeZone);
  const parts = parseIsoDate(today);
  if (!parts) throw new RangeError(`Not an ISO date: ${today}`);
  return { view: 'monthly', year: parts.year, month: parts.month, week: weekOfMonth(today), day: parts.day };
}

/**
 * The selection with week and day brought inside the chosen month (Week 6 of a five-week month
 * becomes Week 5, day 31 of February becomes the 28th or 29th). Returns the same object when
 * nothing changes.
 */
export function normalizePeriodSelection(selection: PeriodSelection): PeriodSelection {
  const month = isoMonth(selection.year, selection.month);
  const week = Math.min(Math.max(1, selection.week), weekCount(month));
  const day = Math.min(Math.max(1, selection.day), daysInMonth(month));
  return week === selection.week && day === selection.day ? selection : { ...selection, week, day };
}

/** The Week filter's choices: 'Week 1' … 'Week n'. */
export function weekOptions(year: number, month: number): { value: number; label: string }[] {
  return Array.from({ length: weekCount(isoMonth(year, month)) }, (_, index) => ({
    value: index + 1,
    label: `Week ${index + 1}`,
  }));
}

/** The Day filter's choices: 1 … days in the month. */
export function dayOptions(year: number, month: number): number[] {
  return Array.from({ length: daysInMonth(isoMonth(year, month)) }, (_, index) => index + 1);
}

/**
 * The Year filter's choices, ascending: from two years before the clinic's current year, or from
 * the earliest appointment's year if earlier, to the latest appointment's year or the current
 * year, whichever is later. Years are read in clinic time.
 */
export function yearOptions(
  appointments: readonly { readonly appointment_time: string }[],
  now: Date,
  timeZone: string,
): number[] {
  const currentYear = Number(clinicToday(now, timeZone).slice(0, 4));
  let first = currentYear - 2;
  let last = currentYear;
  for (const appointment of appointments) {
    const year = Number(clinicDateOf(appointment.appointment_time, timeZone).slice(0, 4));
    if (year < first) first = year;
    if (year > last) last = year;
  }
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

function datesOf(selection: PeriodSelection): { firstDate: IsoDate; lastDate: IsoDate } {
  const month = isoMonth(selection.year, selection.month);
  switch (selection.view) {
    case 'monthly':
      return { firstDate: firstDateOfMonth(month), lastDate: lastDateOfMonth(month) };
    case 'weekly': {
      const week = monthWeek(month, selection.week);
      return { firstDate: week.start, lastDate: week.end };
    }
    case 'daily': {
      const date = isoDate(selection.year, selection.month, selection.day);
      return { firstDate: date, lastDate: date };
    }
  }
}

/**
 * The selected period: from the clinic's midnight starting its first day to the clinic's
 * midnight after its last. Throws a RangeError for a week or day the month does not have
 * (normalizePeriodSelection first).
 */
export function periodRange(selection: PeriodSelection, timeZone: string): PeriodRange {
  const { firstDate, lastDate } = datesOf(selection);
  return { ...clinicDaysRange(firstDate, lastDate, timeZone), firstDate, lastDate };
}

/**
 * The appointments the list shows: in the period, not deleted, of the chosen dentist when one is
 * chosen (null for all). Keeps the given order.
 */
export function appointmentsInPeriod<
  A extends { readonly appointment_time: string; readonly dentist_id: number; readonly deleted?: boolean | null },
>(appointments: readonly A[], range: InstantRange, dentistId: number | null = null): A[] {
  return appointments.filter(
    (appointment) =>
      appointment.deleted !== true &&
      (dentistId === null || appointment.dentist_id === dentistId) &&
      isInRange(appointment.appointment_time, range),
  );
}

const PERIOD_WORDS: Record<AppointmentView, string> = {
  monthly: 'this month',
  weekly: 'this week',
  daily: 'today',
};

/** 'Total: 3 appointment(s) this month' / '… this week' / '… today', as the spec words it. */
export function periodSummary(count: number, view: AppointmentView): string {
  return `Total: ${count} appointment(s) ${PERIOD_WORDS[view]}`;
}
