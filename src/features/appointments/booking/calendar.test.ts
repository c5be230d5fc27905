import { describe, expect, it } from 'vitest';
import {
  addMonths,
  bookingMonthGrid,
  canShowPreviousMonth,
  firstBookableDate,
  isBookableDate,
  longDayLabel,
  monthOf,
  monthTitle,
} from './calendar';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '../model/testing/clock';

fixSystemClock();

// Wednesday 9 January 2030 is the clinic's today in these tests.
const TODAY = '2030-01-09';

describe('the booking calendar', () => {
  it('lets the user pick today and later open days, never a past day or a Sunday', () => {
    expect(isBookableDate('2030-01-09', TODAY)).toBe(true);
    expect(isBookableDate('2030-01-12', TODAY)).toBe(true); // Saturday
    expect(isBookableDate('2030-01-08', TODAY)).toBe(false);
    expect(isBookableDate('2030-01-13', TODAY)).toBe(false); // Sunday
    expect(isBookableDate('2030-02-30', TODAY)).toBe(false);
  });

  it('starts on today, or on Monday when today is a Sunday', () => {
    expect(firstBookableDate('2030-01-09')).toBe('2030-01-09');
    expect(firstBookableDate('2030-01-13')).toBe('2030-01-14');
  });

  it('draws a month as Sunday-first weeks with empty cells around it', () => {
    const weeks = bookingMonthGrid('2030-01', TODAY);
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.map((cell) => cell?.day ?? null)).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(weeks[4]!.map((cell) => cell?.day ?? null)).toEqual([27, 28, 29, 30, 31, null, null]);
    const byDate = Object.fromEntries(weeks.flat().flatMap((cell) => (cell ? [[cell.date, cell]] : [])));
    expect(byDate['2030-01-09']).toMatchObject({ isToday: true, isPast: false, isClosed: false, bookable: true });
    expect(byDate['2030-01-08']).toMatchObject({ isToday: false, isPast: true, bookable: false });
    expect(byDate['2030-01-13']).toMatchObject({ isClosed: true, bookable: false });
    expect(byDate['2030-01-31']).toMatchObject({ bookable: true });
  });

  it('has four to six weeks: February 2026 fits in four, August 2026 needs six', () => {
    expect(bookingMonthGrid('2026-02', '2026-01-01')).toHaveLength(4);
    expect(bookingMonthGrid('2026-08', '2026-01-01')).toHaveLength(6);
  });

  it('pages by months across years, never back before today’s month', () => {
    expect(addMonths('2030-12', 1)).toBe('2031-01');
    expect(addMonths('2030-01', -1)).toBe('2029-12');
    expect(addMonths('2030-05', -17)).toBe('2028-12');
    expect(monthOf('2030-01-09')).toBe('2030-01');
    expect(canShowPreviousMonth('2030-01', TODAY)).toBe(false);
    expect(canShowPreviousMonth('2030-02', TODAY)).toBe(true);
    expect(() => addMonths('2030-13', 1)).toThrow(RangeError);
  });

  it.each(BROWSER_TIME_ZONES)('names months and days the same with the browser in %s', (zone) => {
    inBrowserTimeZone(zone, () => {
      expect(monthTitle('2030-01')).toBe('January 2030');
      expect(longDayLabel('2030-01-13')).toBe('Sunday, January 13, 2030');
      expect(bookingMonthGrid('2030-01', TODAY)[0]![2]!.date).toBe('2030-01-01');
    });
  });
});
