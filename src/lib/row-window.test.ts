import { describe, expect, it } from 'vitest';
import { rowWindow } from './row-window';

const base = { viewportHeight: 768, rowHeight: 48, count: 10_000, overscan: 5 };

describe('the rows of a long table to render', () => {
  it('renders the rows that fit under the list top, plus the overscan, when the page is not scrolled', () => {
    // The list starts 200 px down: 568 px of rows are on screen, 12 rows (11.8 rounded up).
    expect(rowWindow({ ...base, listTop: 200 })).toEqual({ start: 0, end: 17 });
  });

  it('follows the scroll position', () => {
    // 4,800 px scrolled past the first row: row 100 is at the top of the screen.
    expect(rowWindow({ ...base, listTop: -4_800 })).toEqual({ start: 95, end: 121 });
  });

  it('stops at the end of the list', () => {
    expect(rowWindow({ ...base, listTop: -479_800 })).toEqual({ start: 9_990, end: 10_000 });
    expect(rowWindow({ ...base, count: 3, listTop: 100 })).toEqual({ start: 0, end: 3 });
  });

  it('renders only the overscan while the list is below the screen', () => {
    expect(rowWindow({ ...base, listTop: 2_000 })).toEqual({ start: 0, end: 5 });
  });

  it('renders nothing for an empty list, and never a start past the end', () => {
    expect(rowWindow({ ...base, count: 0, listTop: 0 })).toEqual({ start: 0, end: 0 });
    expect(rowWindow({ ...base, count: 10, listTop: -100_000 })).toEqual({ start: 10, end: 10 });
  });
});

const cardBase = { viewportHeight: 800, rowHeight: 80, count: 400, overscan: 5 };

describe('the rows of a long card to render', () => {
  it('renders the rows on screen plus the overscan below when the card starts on screen', () => {
    // First row 200 px down: rows 0..7 reach the bottom (600 px / 80 = 7.5), plus 5.
    expect(rowWindow({ ...cardBase, listTop: 200 })).toEqual({ start: 0, end: 13 });
  });

  it('follows the scroll: rows above the screen drop out, keeping the overscan', () => {
    // Scrolled 1,600 px past the first row: row 20 is at the top.
    expect(rowWindow({ ...cardBase, listTop: -1600 })).toEqual({ start: 15, end: 35 });
  });

  it('renders nothing but the overscan while the card is below the screen', () => {
    expect(rowWindow({ ...cardBase, listTop: 5000 })).toEqual({ start: 0, end: 5 });
  });

  it('stops at the last row and never returns a negative or reversed window', () => {
    expect(rowWindow({ ...cardBase, listTop: -31_200 })).toEqual({ start: 385, end: 400 });
    expect(rowWindow({ ...cardBase, listTop: -100_000 })).toEqual({ start: 400, end: 400 });
    expect(rowWindow({ ...cardBase, count: 0, listTop: 0 })).toEqual({ start: 0, end: 0 });
  });
});
