/**
 * Reminder days: the days_ahead of a manual send, and the list of days the Reminder modal saves.
 * `now` and the clinic's zone are passed in.
 */
import { clinicDateOf, clinicToday, daysBetween, toInstant } from '@common/clinic-calendar';

export const MIN_DAYS_AHEAD = 1;

/** The database's limits on `appointments.reminder_days`. */
export const MAX_REMINDER_DAY = 365;
export const MAX_REMINDER_DAY_ENTRIES = 10;

/**
 * days_ahead for 'Send Reminder Now': whole days from the clinic's today to the appointment's
 * clinic date (both taken at midnight, so there is nothing to round), at least 1. 1 as well when
 * there is no usable appointment time, and for an appointment today or in the past.
 */
export function manualDaysAhead(
  appointmentTime: string | Date | null | undefined,
  now: Date,
  timeZone: string,
): number {
  if (appointmentTime == null || appointmentTime === '') return MIN_DAYS_AHEAD;
  let appointmentDate: string;
  try {
    appointmentDate = clinicDateOf(toInstant(appointmentTime), timeZone);
  } catch (error) {
    if (error instanceof RangeError) return MIN_DAYS_AHEAD;
    throw error;
  }
  return Math.max(MIN_DAYS_AHEAD, daysBetween(clinicToday(now, timeZone), appointmentDate));
}

/**
 * The days to save from the modal's entries: blank and non-numeric entries dropped, and so are
 * numbers the database would refuse (negative, fractional, over 365); repeats kept once, in the
 * order typed. May be empty: see reminderDaysToSave.
 */
export function cleanReminderDays(entries: readonly (string | number | null | undefined)[]): number[] {
  const days: number[] = [];
  for (const entry of entries) {
    if (entry == null) continue;
    const text = typeof entry === 'number' ? String(entry) : entry.trim();
    if (text === '') continue;
    const day = Number(text);
    if (!Number.isInteger(day) || day < 0 || day > MAX_REMINDER_DAY) continue;
    if (!days.includes(day)) days.push(day);
  }
  return days;
}

export type ReminderDaysResult =
  { readonly ok: true; readonly days: number[] } | { readonly ok: false; readonly problem: 'none-left' | 'too-many' };

/**
 * What 'Save Settings' may write: the cleaned days when at least one and at most ten remain
 * (the database keeps 1–10); otherwise why not, for the modal to say.
 */
export function reminderDaysToSave(entries: readonly (string | number | null | undefined)[]): ReminderDaysResult {
  const days = cleanReminderDays(entries);
  if (days.length === 0) return { ok: false, problem: 'none-left' };
  if (days.length > MAX_REMINDER_DAY_ENTRIES) return { ok: false, problem: 'too-many' };
  return { ok: true, days };
}
