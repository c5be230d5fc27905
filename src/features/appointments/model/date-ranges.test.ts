import { describe, expect, it } from 'vitest';
import { cutIntoSlots, isWithin, mergeRanges, rangesOverlap, subtractRanges, type TimeRange } from './date-ranges';

const r = (start: number, end: number): TimeRange => ({ start, end });

describe('ranges', () => {
  it('overlap when they share an instant, not when they only touch', () => {
    expect(rangesOverlap(r(0, 20), r(10, 30))).toBe(true);
    expect(rangesOverlap(r(0, 20), r(20, 40))).toBe(false);
    expect(rangesOverlap(r(0, 60), r(20, 40))).toBe(true);
    expect(rangesOverlap(r(10, 10), r(0, 20))).toBe(false);
  });

  it('merge when they overlap or touch, sorted, empty ones dropped', () => {
    expect(mergeRanges([r(40, 50), r(0, 10), r(10, 20), r(15, 30), r(60, 60)])).toEqual([r(0, 30), r(40, 50)]);
  });

  it('lose every instant a cut covers', () => {
    expect(subtractRanges([r(0, 100)], [r(20, 30), r(25, 40), r(90, 120), r(-10, 5)])).toEqual([r(5, 20), r(40, 90)]);
    expect(subtractRanges([r(0, 50), r(60, 100)], [r(40, 70)])).toEqual([r(0, 40), r(70, 100)]);
    expect(subtractRanges([r(0, 100)], [r(-5, 200)])).toEqual([]);
    expect(subtractRanges([r(0, 100)], [])).toEqual([r(0, 100)]);
  });

  it('tell whether a range lies wholly inside one of them', () => {
    expect(isWithin(r(20, 40), [r(0, 30), r(30, 60)])).toBe(false);
    expect(isWithin(r(30, 50), [r(0, 30), r(30, 60)])).toBe(true);
  });

  it('are cut into slots on the grid of their anchor, only whole slots kept', () => {
    expect(cutIntoSlots([r(0, 65), r(85, 130)], 20, 0)).toEqual([r(0, 20), r(20, 40), r(40, 60), r(100, 120)]);
    expect(cutIntoSlots([r(5, 70)], 20, 10)).toEqual([r(10, 30), r(30, 50), r(50, 70)]);
    expect(() => cutIntoSlots([r(0, 10)], 0, 0)).toThrow(RangeError);
  });

  it('leave their arguments alone', () => {
    const ranges = Object.freeze([Object.freeze(r(50, 60)), Object.freeze(r(0, 10))]);
    expect(mergeRanges(ranges)).toEqual([r(0, 10), r(50, 60)]);
    expect(ranges).toEqual([r(50, 60), r(0, 10)]);
  });
});
