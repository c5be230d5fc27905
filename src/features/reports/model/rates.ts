/** Rates of the no-show insight, from integer counts (never a float sum). Pure. */
import { monthTitle, monthTitleShort, twelveHourLabel, weekdayNames } from '@common/clinic-calendar';
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

/**
 * The appointments that could have been missed: the kept ones and the no-shows. A cancelled
 * appointment, or one still Scheduled after its time, tells nothing about showing up.
 */
export const noShowBase = (counts: RateCounts) => counts.kept + counts.no_shows;

/** The appointments that could have been cancelled late: every one with an outcome. */
export const lateCancelBase = (counts: RateCounts) => counts.kept + counts.no_shows + counts.cancelled;

export const noShowRate = (counts: RateCounts) => formatRate(counts.no_shows, noShowBase(counts));
export const lateCancelRate = (counts: RateCounts) => formatRate(counts.late_cancels, lateCancelBase(counts));

/** '9:00 AM' for 9, '12:00 PM' for 12, '12:00 AM' for 0: the hour rows of the insight. */
export function hourLabel(hour: number): string {
  return twelveHourLabel(`${String(hour).padStart(2, '0')}:00`);
}

/** The name of an ISO weekday (1 = Monday … 7 = Sunday), as the database groups them. */
export function isoWeekdayName(weekday: number): string {
  return weekdayNames('long')[weekday % 7] ?? String(weekday);
}

/** 'November 2026' for '2026-11': the month rows of the insight. */
export const monthLabel = (month: string) => monthTitle(month);

/** A group of the insight with its name as staff read it. */
export type LabelledCounts = RateCounts & { label: string };

/** A chart's text alternative: each group's two rates, in words. */
export function chartText(groups: readonly LabelledCounts[]): string {
  return groups
    .map((group) => `${group.label}: ${noShowRate(group)} no-shows, ${lateCancelRate(group)} late cancels`)
    .join('; ');
}

/** One pair of bars on a chart: its place on the x axis, its label and its two rates in percent. */
export interface ChartPoint {
  x: number;
  label: string;
  noShowRate: number | null;
  lateCancelRate: number | null;
}

function chartPoint(x: number, label: string, counts: RateCounts): ChartPoint {
  return {
    x,
    label,
    noShowRate: ratePercent(counts.no_shows, noShowBase(counts)),
    lateCancelRate: ratePercent(counts.late_cancels, lateCancelBase(counts)),
  };
}

/** Each hour's bars, at the hour (null: nothing that could be missed then). */
export function chartHours(hours: readonly (RateCounts & { hour: number })[]): ChartPoint[] {
  return hours.map((row) => chartPoint(row.hour, hourLabel(row.hour), row));
}

/** Each month's bars, one after another, labelled 'Nov 2026'. */
export function chartMonths(months: readonly (RateCounts & { month: string })[]): ChartPoint[] {
  return months.map((row, index) => chartPoint(index, monthTitleShort(row.month), row));
}

/**
 * The top of a chart's y axis: the highest rate rounded up to a multiple of 5%, at least 5% and at
 * most 100%, so rates of 5–20% fill the chart rather than its bottom fifth.
 */
export function chartCeiling(points: readonly ChartPoint[]): number {
  const highest = Math.max(0, ...points.flatMap((point) => [point.noShowRate ?? 0, point.lateCancelRate ?? 0]));
  return Math.min(100, Math.max(5, Math.ceil(highest / 5) * 5));
}
