import { describe, expect, it } from 'vitest';
import { cardRowOffsets, centredScrollTop, listWindows, type CardGeometry } from './row-window';

const geometry: CardGeometry = {
  rowHeight: 100,
  chromeAbove: 50,
  chromeBelow: 2,
  collapsedHeight: 40,
  emptyHeight: 90,
  gap: 10,
};

describe('where the cards put their rows, from the fixed heights alone', () => {
  it('stacks expanded, collapsed and empty cards with the gap between them', () => {
    const cards = [
      { rowCount: 3, expanded: true }, // 0..352
      { rowCount: 500, expanded: false }, // 362..402
      { rowCount: 0, expanded: true }, // 412..502
      { rowCount: 200, expanded: true }, // 512..
    ];
    expect(cardRowOffsets(cards, geometry)).toEqual([50, null, null, 562]);
  });

  it('renders short cards whole, and only the rows near the screen of long ones', () => {
    const cards = [
      { rowCount: 10, expanded: true },
      { rowCount: 200, expanded: true },
      { rowCount: 300, expanded: false },
    ];
    // The second card's rows start 1,112 px down the container (50 + 1,000 + 2 + 10 + 50).
    const atTop = { cards, geometry, viewportHeight: 800, overscan: 2, threshold: 60 };
    expect(listWindows({ ...atTop, containerTop: 200 })).toEqual([
      { start: 0, end: 10 },
      { start: 0, end: 2 },
      { start: 0, end: 0 },
    ]);
    // Scrolled so that the container's top is 5,000 px above the screen: row 38 of the second card is at the top.
    expect(listWindows({ ...atTop, containerTop: -5000 })[1]).toEqual({ start: 36, end: 49 });
  });

  it('moves a card by the drift measured after painting (e.g. a scrollbar above it)', () => {
    const cards = [{ rowCount: 100, expanded: true }];
    const input = { cards, geometry, containerTop: -1050, viewportHeight: 500, overscan: 0, threshold: 60 };
    expect(listWindows(input)[0]).toEqual({ start: 10, end: 15 });
    expect(listWindows({ ...input, drift: [200] })[0]).toEqual({ start: 8, end: 13 });
  });

  it('centres a row in the viewport, never scrolling above the page', () => {
    expect(centredScrollTop(10_000, 100, 800)).toBe(9650);
    expect(centredScrollTop(100, 100, 800)).toBe(0);
  });
});
