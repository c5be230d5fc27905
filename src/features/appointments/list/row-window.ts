import { rowWindow, type RowWindow } from '@/lib/row-window';

/**
 * Which rows of each dentist card to render: cards have fixed heights, so where each card's rows sit
 * follows from the cards' order and shapes, without reading the layout. Pure.
 */

/**
 * The fixed heights of the list's dentist cards (appointments.css sets them), so where each card's
 * rows sit follows from the cards' order, their row counts and whether they are expanded, without
 * reading the layout.
 */
export interface CardGeometry {
  rowHeight: number;
  /** From a card's top edge to its first row: border, header, the body's border, the table head. */
  chromeAbove: number;
  /** From a card's last row to its bottom edge. */
  chromeBelow: number;
  /** A collapsed card, borders included. */
  collapsedHeight: number;
  /** An expanded card without rows ('No appointments in this period.'), borders included. */
  emptyHeight: number;
  /** Space between two cards. */
  gap: number;
}

export interface CardShape {
  rowCount: number;
  expanded: boolean;
}

function cardHeight(card: CardShape, geometry: CardGeometry): number {
  if (!card.expanded) return geometry.collapsedHeight;
  if (card.rowCount === 0) return geometry.emptyHeight;
  return geometry.chromeAbove + card.rowCount * geometry.rowHeight + geometry.chromeBelow;
}

/**
 * Where each card's first row would be, in px below the top of the cards' container; null for a
 * card that shows no rows (collapsed or empty).
 */
export function cardRowOffsets(cards: readonly CardShape[], geometry: CardGeometry): (number | null)[] {
  const offsets: (number | null)[] = [];
  let top = 0;
  for (const card of cards) {
    offsets.push(card.expanded && card.rowCount > 0 ? top + geometry.chromeAbove : null);
    top += cardHeight(card, geometry) + geometry.gap;
  }
  return offsets;
}

export interface ListWindowInput {
  cards: readonly CardShape[];
  geometry: CardGeometry;
  /** Distance from the top of the viewport to the top of the cards' container (negative once scrolled past). */
  containerTop: number;
  viewportHeight: number;
  overscan: number;
  /** Cards with more rows than this render only the rows near the screen; shorter ones render all. */
  threshold: number;
  /**
   * Per card (by index), how many px its rows really sit below where the geometry puts them (a
   * horizontal scrollbar on a narrow screen, a wrapped title): measured after painting, 0 if unknown.
   */
  drift?: readonly number[];
}

/**
 * The rows [start, end) to render in each card, in the cards' order. A long card whose rows are
 * all farther from the screen than `overscan` rows renders none: scrolling or tabbing brings it
 * near the screen before any of its rows could be seen or focused, and on a slow tablet every row
 * rendered off screen delays the filter change that shows the ones on it.
 */
export function listWindows({
  cards,
  geometry,
  containerTop,
  viewportHeight,
  overscan,
  threshold,
  drift = [],
}: ListWindowInput): RowWindow[] {
  const offsets = cardRowOffsets(cards, geometry);
  return cards.map((card, index) => {
    const offset = offsets[index];
    if (offset === null || offset === undefined) return { start: 0, end: 0 };
    if (card.rowCount <= threshold) return { start: 0, end: card.rowCount };
    const listTop = containerTop + offset + (drift[index] ?? 0);
    const margin = overscan * geometry.rowHeight;
    if (listTop > viewportHeight + margin || listTop + card.rowCount * geometry.rowHeight < -margin)
      return { start: 0, end: 0 };
    return rowWindow({
      listTop,
      viewportHeight,
      rowHeight: geometry.rowHeight,
      count: card.rowCount,
      overscan,
    });
  });
}

/** The page scroll that puts a row whose top is `rowPageTop` px down the page in the middle of the viewport; never negative. */
export function centredScrollTop(rowPageTop: number, rowHeight: number, viewportHeight: number): number {
  return Math.max(0, Math.round(rowPageTop - (viewportHeight - rowHeight) / 2));
}
