/**
 * Names of calendar dates for the Availability Manager. These are dates, not instants, so they
 * are formatted in UTC where no zone can shift them; instants go through src/lib/clinic-time.ts.
 */

const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' });
const monthTitle = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });

/** 'Monday, January 7, 2030' for '2030-01-07' (a date, not an instant: no zone can shift it). */
export function formatLongDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** 'Monday' for '2030-01-07'. */
export function formatWeekday(date: string): string {
  return weekday.format(new Date(`${date}T00:00:00Z`));
}

/** 'January 2030' for '2030-01'. */
export function formatMonthTitle(month: string): string {
  return monthTitle.format(new Date(`${month}-01T00:00:00Z`));
}
