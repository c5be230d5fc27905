/**
 * Half-open ranges of instants, [start, end) in epoch milliseconds, and the few operations the
 * slot grid is built from: merge, subtract, overlap, and cutting into fixed-length slots.
 * Every function returns new arrays and leaves its arguments alone.
 */

export interface TimeRange {
  /** Epoch ms, included. */
  readonly start: number;
  /** Epoch ms, excluded. */
  readonly end: number;
}

export function isEmptyRange(range: TimeRange): boolean {
  return !(range.end > range.start);
}

/** Whether two ranges share at least one instant (touching ends do not). */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end && !isEmptyRange(a) && !isEmptyRange(b);
}

/** Sorted by start, empty ranges dropped, overlapping or touching ranges joined. */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const sorted = ranges.filter((range) => !isEmptyRange(range)).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: TimeRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) {
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, range.end) };
    } else {
      merged.push({ start: range.start, end: range.end });
    }
  }
  return merged;
}

/** What is left of `ranges` once every instant of `cuts` is taken out; merged and sorted. */
export function subtractRanges(ranges: readonly TimeRange[], cuts: readonly TimeRange[]): TimeRange[] {
  const holes = mergeRanges(cuts);
  const result: TimeRange[] = [];
  for (const range of mergeRanges(ranges)) {
    let start = range.start;
    for (const hole of holes) {
      if (hole.end <= start) continue;
      if (hole.start >= range.end) break;
      if (hole.start > start) result.push({ start, end: hole.start });
      start = Math.max(start, hole.end);
      if (start >= range.end) break;
    }
    if (start < range.end) result.push({ start, end: range.end });
  }
  return result;
}

/** Whether `inner` lies wholly inside one of `ranges`. */
export function isWithin(inner: TimeRange, ranges: readonly TimeRange[]): boolean {
  return ranges.some((range) => range.start <= inner.start && inner.end <= range.end);
}

/**
 * Every slot of `length` ms that fits wholly inside one of `ranges`, on the grid that starts at
 * `anchor` (slots start at anchor + k × length), in time order.
 */
export function cutIntoSlots(ranges: readonly TimeRange[], length: number, anchor: number): TimeRange[] {
  if (!(length > 0)) throw new RangeError(`A slot needs a positive length, not ${length}`);
  const slots: TimeRange[] = [];
  for (const range of mergeRanges(ranges)) {
    let start = anchor + Math.ceil((range.start - anchor) / length) * length;
    for (; start + length <= range.end; start += length) slots.push({ start, end: start + length });
  }
  return slots;
}
