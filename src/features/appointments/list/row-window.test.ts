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
    // At 200 px they start 512 px below the screen, farther than the 2 rows of overscan: none yet.
    expect(listWindows({ ...atTop, containerTop: 200 })).toEqual([
      { start: 0, end: 10 },
      { start: 0, end: 0 },
      { start: 0, end: 0 },
    ]);
    // At -200 px they start 112 px below the screen: the overscan's rows are ready before it scrolls.
    expect(listWindows({ ...atTop, containerTop: -200 })[1]).toEqual({ start: 0, end: 2 });
    // Scrolled so that the container's top is 5,000 px above the screen: row 38 of the second card is at the top.
    expect(listWindows({ ...atTop, containerTop: -5000 })[1]).toEqual({ start: 36, end: 49 });
  });

  it('renders no rows of a long card scrolled farther above the screen than the overscan', () => {
    const cards = [
      { rowCount: 100, expanded: true }, // rows 50..10,050
      { rowCount: 100, expanded: true }, // rows 10,112..20,112
    ];
    const input = { cards, geometry, viewportHeight: 800, overscan: 2, threshold: 60 };
    // The first card's last row ends 1,950 px above the screen; the second's rows fill it.
    expect(listWindows({ ...input, containerTop: -12_000 })).toEqual([
      { start: 0, end: 0 },
      { start: 16, end: 29 },
    ]);
    // Its last row ends 150 px above the screen, within the overscan: that row stays.
    expect(listWindows({ ...input, containerTop: -10_200 })[0]).toEqual({ start: 99, end: 100 });
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
