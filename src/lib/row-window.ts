/**
 * Which rows of a long, fixed-row-height list to render (the Patients table, the Appointments
 * cards): the rows on screen follow from where the list's first row is relative to the viewport.
 * Pure.
 */

export interface RowWindowInput {
  /** Distance from the top of the viewport to the top of the first row, in px (negative once scrolled past). */
  listTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below, so scrolling and tabbing never meet a gap. */
  overscan: number;
}

/** Rows [start, end) to render. */
export interface RowWindow {
  start: number;
  end: number;
}

export function rowWindow({ listTop, viewportHeight, rowHeight, count, overscan }: RowWindowInput): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const firstOnScreen = Math.floor(Math.max(0, -listTop) / rowHeight);
  const pastLastOnScreen = Math.ceil(Math.max(0, viewportHeight - listTop) / rowHeight);
  const start = Math.min(count, Math.max(0, firstOnScreen - overscan));
  const end = Math.min(count, Math.max(start, pastLastOnScreen + overscan));
  return { start, end };
}
