import { describe, expect, it } from 'vitest';
import { isSortedByStart, rowsInRange, rowsOfDentist } from './list-model';
import { periodRange } from './periods';
import { fixSystemClock } from './testing/clock';

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
