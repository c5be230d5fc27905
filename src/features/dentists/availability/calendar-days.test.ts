import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  canShowPreviousMonth,
  firstSelectableDate,
  isIsoDate,
  isSelectableDate,
  monthGrid,
  monthOf,
  weekdayOf,
} from './calendar-days';
import { clinicToday } from '@/lib/clinic-time';

const MANILA = 'Asia/Manila';

describe('the clinic today', () => {
  it('comes from the given now in the clinic zone', () => {
    // 17:00Z on Sunday 6 January is 01:00 on Monday 7 January in Manila.
    const now = new Date('2030-01-06T17:00:00Z');
    expect(clinicToday(now, MANILA)).toBe('2030-01-07');
    expect(clinicToday(now, 'America/New_York')).toBe('2030-01-06');
  });
});

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
      expect(isIsoDate(value)).toBe(false);
      expect(isSelectableDate(value, today)).toBe(false);
    }
  });

  it('starts the calendar at today, or on Monday when today is a Sunday', () => {
    expect(firstSelectableDate('2030-01-09')).toBe('2030-01-09');
    expect(firstSelectableDate('2030-01-13')).toBe('2030-01-14');
  });
});

describe('date arithmetic', () => {
  it('names weekdays from Sunday = 0', () => {
    expect(['2030-01-06', '2030-01-07', '2030-01-12'].map(weekdayOf)).toEqual([0, 1, 6]);
  });

  it('adds days across months and years', () => {
    expect(addDays('2030-01-31', 1)).toBe('2030-02-01');
    expect(addDays('2030-01-01', -1)).toBe('2029-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('adds months across years', () => {
    expect(addMonths('2030-12', 1)).toBe('2031-01');
    expect(addMonths('2030-01', -1)).toBe('2029-12');
    expect(monthOf('2030-01-09')).toBe('2030-01');
  });

  it('never pages back before the month of today', () => {
    expect(canShowPreviousMonth('2030-01', '2030-01-09')).toBe(false);
    expect(canShowPreviousMonth('2030-02', '2030-01-31')).toBe(true);
  });
});

describe('the month grid', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lays January 2030 out in Sunday-first weeks with the days outside the month empty', () => {
    const weeks = monthGrid('2030-01', '2030-01-09');
    expect(weeks.map((week) => week.map((cell) => cell?.day ?? null))).toEqual([
      [null, null, 1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10, 11, 12],
      [13, 14, 15, 16, 17, 18, 19],
      [20, 21, 22, 23, 24, 25, 26],
      [27, 28, 29, 30, 31, null, null],
    ]);
  });

  it('marks Sundays and past days unselectable and today as today', () => {
    const days = monthGrid('2030-01', '2030-01-09')
      .flat()
      .filter((cell) => cell !== null);
    expect(days.filter((cell) => cell.selectable).map((cell) => cell.day)).toEqual([
      9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31,
    ]);
    expect(days.filter((cell) => cell.isSunday).map((cell) => cell.date)).toEqual([
      '2030-01-06',
      '2030-01-13',
      '2030-01-20',
      '2030-01-27',
    ]);
    expect(days.filter((cell) => cell.isPast).map((cell) => cell.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(days.find((cell) => cell.isToday)).toEqual({
      date: '2030-01-09',
      day: 9,
      weekday: 3,
      isSunday: false,
      isToday: true,
      isPast: false,
      selectable: true,
    });
  });

  it('fits a February that starts on a Sunday into exactly four weeks', () => {
    const weeks = monthGrid('2026-02', '2026-01-15');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toMatchObject({ date: '2026-02-01', isSunday: true, selectable: false });
    expect(weeks[3]![6]).toMatchObject({ date: '2026-02-28', selectable: true });
  });

  it('uses six weeks when the month needs them', () => {
    // June 2030 starts on a Saturday: 6 empty cells + 30 days = 36 cells.
    expect(monthGrid('2030-06', '2030-01-01')).toHaveLength(6);
  });

  it('depends on the today it is given, not on the system clock', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2035-07-01T12:00:00Z'));
    const days = monthGrid('2030-01', '2030-01-09').flat();
    expect(days.find((cell) => cell?.date === '2030-01-10')).toMatchObject({ isPast: false, selectable: true });
  });

  it('refuses a month that does not exist', () => {
    expect(() => monthGrid('2030-13', '2030-01-01')).toThrow(RangeError);
  });
});
