import { describe, expect, it } from 'vitest';
import { fixSystemClock } from '@common/clinic-calendar/testing/browser-zone';
import { isSortedByStart, mergeRowIntoRange, rowsInRange, rowsOfDentist } from './list-model';
import { periodRange } from './periods';

fixSystemClock();

const row = (id: number, time: string, dentist_id = 1) => ({ id, dentist_id, startsAt: new Date(time).getTime() });

// January 2030 in Manila runs from 2029-12-31T16:00Z to 2030-01-31T16:00Z.
const rows = [
  row(1, '2029-12-31T15:59:59Z'),
  row(2, '2029-12-31T16:00:00Z', 2),
  row(3, '2030-01-15T02:00:00Z'),
  row(4, '2030-01-15T02:00:00Z', 2),
  row(5, '2030-01-31T15:59:59Z'),
  row(6, '2030-01-31T16:00:00Z'),
];
const january = periodRange({ view: 'monthly', year: 2030, month: 1, week: 1, day: 1 }, 'Asia/Manila');

describe('rows of a period', () => {
  it("keeps exactly the rows from the clinic's first midnight up to, not including, the next", () => {
    expect(rowsInRange(rows, january).map((r) => r.id)).toEqual([2, 3, 4, 5]);
  });

  it('gives the same answer for rows out of time order, keeping their order', () => {
    const shuffled = [rows[5]!, rows[2]!, rows[0]!, rows[4]!, rows[1]!, rows[3]!];
    expect(isSortedByStart(shuffled)).toBe(false);
    expect(rowsInRange(shuffled, january).map((r) => r.id)).toEqual([3, 5, 2, 4]);
  });

  it('returns a new array and leaves the input alone', () => {
    const copy = [...rows];
    const result = rowsInRange(rows, january);
    expect(result).not.toBe(rows);
    expect(rows).toEqual(copy);
  });

  it('is empty for an empty list or a period without rows', () => {
    expect(rowsInRange([], january)).toEqual([]);
    const day = periodRange({ view: 'daily', year: 2030, month: 1, week: 1, day: 20 }, 'Asia/Manila');
    expect(rowsInRange(rows, day)).toEqual([]);
  });

  it('narrows to one dentist, or keeps all for no dentist', () => {
    expect(rowsOfDentist(rows, 2).map((r) => r.id)).toEqual([2, 4]);
    expect(rowsOfDentist(rows, null)).toBe(rows);
  });
});

describe('a live change merged into a year of rows', () => {
  const year = { start: Date.parse('2029-12-31T16:00:00Z'), end: Date.parse('2030-12-31T16:00:00Z') };
  const list = [row(2, '2030-01-02T01:00:00Z'), row(3, '2030-01-03T01:00:00Z'), row(5, '2030-01-05T01:00:00Z')];
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('puts a new row at its time, after rows of the same time with a lower id', () => {
    expect(ids(mergeRowIntoRange(list, 4, row(4, '2030-01-04T01:00:00Z'), year))).toEqual([2, 3, 4, 5]);
    expect(ids(mergeRowIntoRange(list, 9, row(9, '2030-01-03T01:00:00Z'), year))).toEqual([2, 3, 9, 5]);
    expect(ids(mergeRowIntoRange(list, 1, row(1, '2030-01-03T01:00:00Z'), year))).toEqual([2, 1, 3, 5]);
  });

  it('replaces a changed row, moving it when its time changed', () => {
    const moved = mergeRowIntoRange(list, 2, row(2, '2030-01-06T01:00:00Z', 7), year);
    expect(ids(moved)).toEqual([3, 5, 2]);
    expect(moved[2]!.dentist_id).toBe(7);
  });

  it('drops a deleted row and a row moved out of the year', () => {
    expect(ids(mergeRowIntoRange(list, 3, null, year))).toEqual([2, 5]);
    expect(ids(mergeRowIntoRange(list, 3, row(3, '2030-12-31T16:00:00Z'), year))).toEqual([2, 5]);
    expect(ids(mergeRowIntoRange(list, 8, null, year))).toEqual([2, 3, 5]);
  });

  it('returns a new array in time order and leaves the input alone', () => {
    const shuffled = [list[2]!, list[0]!, list[1]!];
    const merged = mergeRowIntoRange(shuffled, 4, row(4, '2030-01-04T01:00:00Z'), year);
    expect(ids(merged)).toEqual([2, 3, 4, 5]);
    expect(ids(shuffled)).toEqual([5, 2, 3]);
    expect(isSortedByStart(merged)).toBe(true);
  });
});
