/**
 * The Appointments list's data steps, fast enough for thousands of rows per month: rows arrive
 * in time order with their start parsed once (`startsAt`), so a period is two binary searches
 * and a slice rather than a parse of every row on each filter change.
 */
import type { InstantRange } from '@common/clinic-calendar';

export interface TimedRow {
  readonly id: number;
  readonly startsAt: number;
}

/** Index of the first row at or after `time` in rows sorted by `startsAt`. */
function lowerBound(rows: readonly TimedRow[], time: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows[middle]!.startsAt < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether rows are in ascending `startsAt` order (ties in any order). */
export function isSortedByStart(rows: readonly TimedRow[]): boolean {
  for (let index = 1; index < rows.length; index++) if (rows[index - 1]!.startsAt > rows[index]!.startsAt) return false;
  return true;
}

/**
 * The rows starting in [range.start, range.end), as a new array in the given order. Rows sorted
 * by `startsAt` are cut with binary search; others are filtered one by one.
 */
export function rowsInRange<R extends TimedRow>(rows: readonly R[], range: InstantRange): R[] {
  const start = range.start.getTime();
  const end = range.end.getTime();
  if (!isSortedByStart(rows)) return rows.filter((row) => start <= row.startsAt && row.startsAt < end);
  return rows.slice(lowerBound(rows, start), lowerBound(rows, end));
}

/** The rows of one dentist, or all of them for null. */
export function rowsOfDentist<R extends { readonly dentist_id: number }>(
  rows: readonly R[],
  dentistId: number | null,
): readonly R[] {
  return dentistId === null ? rows : rows.filter((row) => row.dentist_id === dentistId);
}

/** Whether row a comes before row b in the list's order: by start, then by id (as the list is read). */
const before = (a: TimedRow, b: TimedRow) => a.startsAt < b.startsAt || (a.startsAt === b.startsAt && a.id < b.id);

/**
 * One year's rows (sorted by start, then id) after a live change to appointment `id`: its old row
 * leaves, and `next` — null for a deleted appointment — goes in at its place in time when it
 * starts inside `range` (the year). A new array; `rows` is left alone. Rows out of order are
 * first put in order.
 */
export function mergeRowIntoRange<R extends TimedRow>(
  rows: readonly R[],
  id: number,
  next: R | null,
  range: { start: number; end: number },
): R[] {
  const kept = rows.filter((row) => row.id !== id);
  if (!isSortedByStart(kept)) kept.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  if (next === null || next.startsAt < range.start || next.startsAt >= range.end) return kept;
  let low = 0;
  let high = kept.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(kept[middle]!, next)) low = middle + 1;
    else high = middle;
  }
  kept.splice(low, 0, next);
  return kept;
}
