import type { CardGeometry } from '../row-window';

/**
 * The fixed heights of the dentist cards, as appointments.css draws them (the --appointment-*
 * custom properties there); tests/e2e/appointments-live.e2e.test.ts checks them against Chromium.
 */
export const APPOINTMENT_ROW_HEIGHT = 104;

export const CARD_GEOMETRY: CardGeometry = Object.freeze({
  rowHeight: APPOINTMENT_ROW_HEIGHT,
  // card border 1 + header 58 + body border 1 + table head 42 + half of the head's bottom border
  // (collapsed table borders are shared between the rows they separate)
  chromeAbove: 102.5,
  // card border 1
  chromeBelow: 1,
  // card border 1 + header 58 + card border 1
  collapsedHeight: 60,
  // card border 1 + header 58 + body border 1 + message 46 + card border 1
  emptyHeight: 107,
  gap: 16,
});

/**
 * Cards with more rows than this render only the rows near the screen: every card, since a row
 * costs about 1.5 ms to render and a day of a busy clinic holds dozens of them (bench/appointments.bench.ts).
 */
export const WINDOWING_THRESHOLD = 0;
/** Rows rendered beyond each edge of the screen, so scrolling and tabbing never meet a gap. */
export const OVERSCAN_ROWS = 4;
