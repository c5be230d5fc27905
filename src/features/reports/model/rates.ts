/** Rates of the no-show insight, from integer counts (never a float sum). Pure. */
import { twelveHourLabel, weekdayNames } from '@common/clinic-calendar';
import type { RateCounts } from './report-shapes';

/** '12.5%' with one decimal, rounded half up; '—' when nothing was booked. */
export function formatRate(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const tenths = Math.floor((part * 1000) / whole + 0.5);
  return `${Math.trunc(tenths / 10)}.${tenths % 10}%`;
}

/** The rate in percent for the chart (a picture, so a float is fine); null when nothing was booked. */
export function ratePercent(part: number, whole: number): number | null {
  return whole > 0 ? (part * 100) / whole : null;
}

/** '9:00 AM' for 9, '12:00 PM' for 12, '12:00 AM' for 0: the hour rows of the insight. */
export function hourLabel(hour: number): string {
  return twelveHourLabel(`${String(hour).padStart(2, '0')}:00`);
}

/** The name of an ISO weekday (1 = Monday … 7 = Sunday), as the database groups them. */
export function isoWeekdayName(weekday: number): string {
  return weekdayNames('long')[weekday % 7] ?? String(weekday);
}

/** The chart's text alternative: each hour's two rates, in words. */
export function chartText(hours: readonly (RateCounts & { hour: number })[]): string {
  return hours
    .map(
      (row) =>
        `${hourLabel(row.hour)}: ${formatRate(row.no_shows, row.booked)} no-shows, ${formatRate(row.late_cancels, row.booked)} late cancels`,
    )
    .join('; ');
}

/** One hour's bars on the chart: its label and its two rates in percent (null: nothing booked). */
export function chartHours(hours: readonly (RateCounts & { hour: number })[]) {
  return hours.map((row) => ({
    hour: row.hour,
    label: hourLabel(row.hour),
    noShowRate: ratePercent(row.no_shows, row.booked),
    lateCancelRate: ratePercent(row.late_cancels, row.booked),
  }));
}
