/**
 * Which rows of a long list to render (the Patients table with thousands of rows): rows have a
 * fixed height, so the rows on screen follow from where the list's first row is relative to the
 * viewport. Pure.
 */

export interface VisibleRowsInput {
  /** Distance from the top of the viewport to the top of the first row, in px (negative once scrolled past). */
  listTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below, so scrolling and tabbing never meet a gap. */
  overscan: number;
}

/** Rows [start, end) to render. */
export interface RowRange {
  start: number;
  end: number;
}

export function visibleRows({ listTop, viewportHeight, rowHeight, count, overscan }: VisibleRowsInput): RowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const firstOnScreen = Math.floor(Math.max(0, -listTop) / rowHeight);
  const pastLastOnScreen = Math.ceil(Math.max(0, viewportHeight - listTop) / rowHeight);
  const start = Math.min(count, Math.max(0, firstOnScreen - overscan));
  const end = Math.min(count, Math.max(start, pastLastOnScreen + overscan));
  return { start, end };
}

export function sameRange(a: RowRange, b: RowRange): boolean {
  return a.start === b.start && a.end === b.end;
}
