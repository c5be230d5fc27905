import { describe, expect, it } from 'vitest';
import { monthGrid } from '@common/clinic-calendar';
import { fixSystemClock } from '@common/clinic-calendar/testing/browser-zone';
import { bookingDayTitle, firstBookableDate, isBookableDate } from './bookable-dates';

fixSystemClock();

// Wednesday 9 January 2030 is the clinic's today in these tests.
const TODAY = '2030-01-09';

describe('the booking calendar', () => {
  it('lets the user pick today and later open days, never a past day or a Sunday', () => {
    expect(isBookableDate('2030-01-09', TODAY)).toBe(true);
    expect(isBookableDate('2030-01-12', TODAY)).toBe(true); // Saturday
    expect(isBookableDate('2030-01-31', TODAY)).toBe(true);
    expect(isBookableDate('2030-01-08', TODAY)).toBe(false);
    expect(isBookableDate('2030-01-13', TODAY)).toBe(false); // Sunday
    expect(isBookableDate('2030-02-30', TODAY)).toBe(false);
  });

  it('offers every open day of the month from today on', () => {
    const days = monthGrid('2030-01', TODAY)
      .flat()
      .filter((cell) => cell.inMonth && isBookableDate(cell.date, TODAY));
    expect(days.map((cell) => cell.day)).toEqual([
      9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31,
    ]);
  });

  it('starts on today, or on Monday when today is a Sunday', () => {
    expect(firstBookableDate('2030-01-09')).toBe('2030-01-09');
    expect(firstBookableDate('2030-01-13')).toBe('2030-01-14');
  });

  it('says why a day cannot be picked: Closed on Sundays, Past before today', () => {
    expect(bookingDayTitle('2030-01-13', TODAY)).toBe('Closed');
    expect(bookingDayTitle('2030-01-06', TODAY)).toBe('Closed');
    expect(bookingDayTitle('2030-01-08', TODAY)).toBe('Past');
    expect(bookingDayTitle('2030-01-09', TODAY)).toBeUndefined();
    expect(bookingDayTitle('2030-01-10', TODAY)).toBeUndefined();
  });
});
