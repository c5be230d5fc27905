import { describe, expect, it } from 'vitest';
import { visibleRows } from './visible-rows';

const base = { viewportHeight: 768, rowHeight: 48, count: 10_000, overscan: 5 };

describe('the rows of a long table to render', () => {
  it('renders the rows that fit under the list top, plus the overscan, when the page is not scrolled', () => {
    // The list starts 200 px down: 568 px of rows are on screen, 12 rows (11.8 rounded up).
    expect(visibleRows({ ...base, listTop: 200 })).toEqual({ start: 0, end: 17 });
  });

  it('follows the scroll position', () => {
    // 4,800 px scrolled past the first row: row 100 is at the top of the screen.
    expect(visibleRows({ ...base, listTop: -4_800 })).toEqual({ start: 95, end: 121 });
  });

  it('stops at the end of the list', () => {
    expect(visibleRows({ ...base, listTop: -479_800 })).toEqual({ start: 9_990, end: 10_000 });
    expect(visibleRows({ ...base, count: 3, listTop: 100 })).toEqual({ start: 0, end: 3 });
  });

  it('renders only the overscan while the list is below the screen', () => {
    expect(visibleRows({ ...base, listTop: 2_000 })).toEqual({ start: 0, end: 5 });
  });

  it('renders nothing for an empty list, and never a start past the end', () => {
    expect(visibleRows({ ...base, count: 0, listTop: 0 })).toEqual({ start: 0, end: 0 });
    expect(visibleRows({ ...base, count: 10, listTop: -100_000 })).toEqual({ start: 10, end: 10 });
  });
});
