import { describe, expect, it } from 'vitest';
import { monthGrid } from '@common/clinic-calendar';
import { firstDateRead, firstSelectableDate, isSelectableDate, selectionOnNewDay } from './selectable-dates';

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

describe('the selection once the clinic day moves on', () => {
  it('moves a date no longer offered to the first one that is', () => {
    // Wednesday 9 → Thursday 10 January 2030.
    expect(selectionOnNewDay('2030-01-09', '2030-01-10', false)).toBe('2030-01-10');
    // Saturday 12 → Sunday 13: on to Monday 14.
    expect(selectionOnNewDay('2030-01-12', '2030-01-13', false)).toBe('2030-01-14');
    // Across a month: Thursday 31 January → Friday 1 February.
    expect(selectionOnNewDay('2030-01-31', '2030-02-01', false)).toBe('2030-02-01');
    // A tablet asleep over several midnights.
    expect(selectionOnNewDay('2030-01-09', '2030-01-16', false)).toBe('2030-01-16');
  });

  it('keeps a date still offered', () => {
    expect(selectionOnNewDay('2030-01-10', '2030-01-10', false)).toBe('2030-01-10');
    expect(selectionOnNewDay('2030-01-15', '2030-01-10', false)).toBe('2030-01-15');
    expect(selectionOnNewDay('2030-01-14', '2030-01-13', false)).toBe('2030-01-14');
  });

  it('keeps a date with unsaved clicks, even one no longer offered', () => {
    expect(selectionOnNewDay('2030-01-09', '2030-01-10', true)).toBe('2030-01-09');
    expect(selectionOnNewDay('2030-01-12', '2030-01-13', true)).toBe('2030-01-12');
  });

  it('leaves no selection as none', () => {
    expect(selectionOnNewDay(null, '2030-01-10', false)).toBeNull();
    expect(selectionOnNewDay(null, '2030-01-10', true)).toBeNull();
  });
});

describe('the first date the manager reads', () => {
  it('is today, or an earlier selected day kept for its unsaved clicks', () => {
    expect(firstDateRead('2030-01-10', '2030-01-10')).toBe('2030-01-10');
    expect(firstDateRead('2030-01-10', '2030-01-15')).toBe('2030-01-10');
    expect(firstDateRead('2030-01-10', null)).toBe('2030-01-10');
    expect(firstDateRead('2030-01-10', '2030-01-09')).toBe('2030-01-09');
    expect(firstDateRead('2030-02-01', '2030-01-31')).toBe('2030-01-31');
  });
});
