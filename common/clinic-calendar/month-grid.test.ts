import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import { monthGrid, type MonthGridDay } from './index';

fixSystemClock();

// Wednesday 9 January 2030 is the clinic's today in these tests.
const TODAY = '2030-01-09';

/** The grid as day numbers, days outside the month as null (how the calendars draw it). */
const dayNumbers = (weeks: MonthGridDay[][]) =>
  weeks.map((week) => week.map((cell) => (cell.inMonth ? cell.day : null)));

describe('the month grid', () => {
  it('lays January 2030 out in Sunday-first weeks, the neighbouring months’ days marked outside', () => {
    const weeks = monthGrid('2030-01', TODAY);
    expect(dayNumbers(weeks)).toEqual([
      [null, null, 1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10, 11, 12],
      [13, 14, 15, 16, 17, 18, 19],
      [20, 21, 22, 23, 24, 25, 26],
      [27, 28, 29, 30, 31, null, null],
    ]);
    expect(weeks[0]!.slice(0, 3).map((cell) => [cell.date, cell.inMonth])).toEqual([
      ['2029-12-30', false],
      ['2029-12-31', false],
      ['2030-01-01', true],
    ]);
    expect(weeks[4]!.slice(5).map((cell) => cell.date)).toEqual(['2030-02-01', '2030-02-02']);
  });

  it('marks today, the past, and each day’s weekday', () => {
    const days = monthGrid('2030-01', TODAY)
      .flat()
      .filter((cell) => cell.inMonth);
    expect(days.find((cell) => cell.isToday)).toEqual({
      date: '2030-01-09',
      day: 9,
      weekday: 3,
      inMonth: true,
      isToday: true,
      isPast: false,
    });
    expect(days.filter((cell) => cell.isToday)).toHaveLength(1);
    expect(days.filter((cell) => cell.isPast).map((cell) => cell.day)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(days.filter((cell) => cell.weekday === 0).map((cell) => cell.date)).toEqual([
      '2030-01-06',
      '2030-01-13',
      '2030-01-20',
      '2030-01-27',
    ]);
    // Every column holds one weekday.
    for (const week of monthGrid('2030-01', TODAY))
      expect(week.map((cell) => cell.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('marks the days of last December past and of February future, today being in January', () => {
    const weeks = monthGrid('2030-01', TODAY);
    expect(weeks[0]![0]).toMatchObject({ date: '2029-12-30', inMonth: false, isPast: true, isToday: false });
    expect(weeks[4]![6]).toMatchObject({ date: '2030-02-02', inMonth: false, isPast: false });
  });

  it('fits a February that starts on a Sunday into exactly four weeks', () => {
    const weeks = monthGrid('2026-02', '2026-01-15');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toMatchObject({ date: '2026-02-01', weekday: 0, inMonth: true });
    expect(weeks[3]![6]).toMatchObject({ date: '2026-02-28', weekday: 6, inMonth: true });
  });

  it('uses five or six weeks when the month needs them', () => {
    expect(monthGrid('2026-08', '2026-01-01')).toHaveLength(6); // starts on a Saturday, 31 days
    expect(monthGrid('2030-06', '2030-01-01')).toHaveLength(6); // starts on a Saturday
    expect(monthGrid('2026-11', '2026-01-01')).toHaveLength(5); // starts on a Sunday, 30 days
    expect(monthGrid('2030-01', TODAY)).toHaveLength(5);
  });

  it('crosses the year end in December’s last week', () => {
    // December 2026 ends on a Thursday.
    expect(
      monthGrid('2026-12', '2026-12-31')
        .at(-1)!
        .map((cell) => [cell.date, cell.inMonth, cell.isToday]),
    ).toEqual([
      ['2026-12-27', true, false],
      ['2026-12-28', true, false],
      ['2026-12-29', true, false],
      ['2026-12-30', true, false],
      ['2026-12-31', true, true],
      ['2027-01-01', false, false],
      ['2027-01-02', false, false],
    ]);
  });

  it('depends on the today it is given, not on the system clock', () => {
    // The system clock stands in 2001 (fixSystemClock).
    const days = monthGrid('2030-01', TODAY).flat();
    expect(days.find((cell) => cell.date === '2030-01-10')).toMatchObject({ isPast: false, isToday: false });
  });

  it('is the same whatever the browser’s time zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => {
          const weeks = monthGrid('2026-09', '2026-09-06');
          return [
            weeks.length,
            weeks[1]![0]!.date,
            weeks[1]![0]!.isToday,
            dayNumbers(weeks)[0],
            monthGrid('2030-01', TODAY)[0]![2]!.date,
          ];
        }),
        zone,
      ).toEqual([5, '2026-09-06', true, [null, null, 1, 2, 3, 4, 5], '2030-01-01']);
    }
  });

  it('refuses a month or a today that does not exist', () => {
    expect(() => monthGrid('2030-13', '2030-01-01')).toThrow(RangeError);
    expect(() => monthGrid('2030-01', '2030-02-30')).toThrow(RangeError);
  });
});
