import { describe, expect, it } from 'vitest';
import { monthGrid } from '@common/clinic-calendar';
import { firstSelectableDate, isSelectableDate } from './selectable-dates';

describe('selectable dates', () => {
  const today = '2030-01-09'; // a Wednesday

  it('lets the user pick today and later weekdays, Monday to Saturday', () => {
    expect(isSelectableDate('2030-01-09', today)).toBe(true);
    expect(isSelectableDate('2030-01-12', today)).toBe(true); // Saturday
    expect(isSelectableDate('2030-01-14', today)).toBe(true); // Monday
    expect(isSelectableDate('2031-06-30', today)).toBe(true);
  });

  it('refuses Sundays', () => {
    expect(isSelectableDate('2030-01-13', today)).toBe(false);
    expect(isSelectableDate('2030-01-13', '2030-01-13')).toBe(false);
  });

  it('refuses dates before today', () => {
    expect(isSelectableDate('2030-01-08', today)).toBe(false);
    expect(isSelectableDate('2029-12-31', today)).toBe(false);
  });

  it('refuses anything that is not a YYYY-MM-DD calendar date', () => {
    for (const value of ['2030-02-30', '2030-1-9', '09/01/2030', '', '2030-01-09T00:00']) {
      expect(isSelectableDate(value, today)).toBe(false);
      expect(isSelectableDate(today, value)).toBe(false);
    }
  });

  it('leaves Sundays and past days out of a month, today included', () => {
    const days = monthGrid('2030-01', today)
      .flat()
      .filter((cell) => cell.inMonth && isSelectableDate(cell.date, today));
    expect(days.map((cell) => cell.day)).toEqual([
      9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31,
    ]);
    // February 2026 starts on a Sunday and ends on a Saturday.
    expect(isSelectableDate('2026-02-01', '2026-01-15')).toBe(false);
    expect(isSelectableDate('2026-02-28', '2026-01-15')).toBe(true);
  });

  it('starts the calendar at today, or on Monday when today is a Sunday', () => {
    expect(firstSelectableDate('2030-01-09')).toBe('2030-01-09');
    expect(firstSelectableDate('2030-01-13')).toBe('2030-01-14');
  });
});
