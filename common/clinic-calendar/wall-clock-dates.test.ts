import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from './testing/browser-zone';
import { fromWallClockDate, toWallClockDate, wallClockDate, wallClockParts } from './index';

fixSystemClock();

const MANILA = 'Asia/Manila';

describe.each(BROWSER_TIME_ZONES)('wall-clock Dates with the browser in %s', (browserZone) => {
  it('show an instant at the clinic wall-clock time, and map it back to the same instant', () => {
    inBrowserTimeZone(browserZone, () => {
      const wall = toWallClockDate('2030-01-09T02:20:00Z', MANILA);
      expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
        2030, 0, 9, 10, 20,
      ]);
      expect(wallClockParts(wall)).toEqual({ date: '2030-01-09', time: '10:20', hour: 10, minute: 20 });
      expect(fromWallClockDate(wall, MANILA).toISOString()).toBe('2030-01-09T02:20:00.000Z');
    });
  });

  it('keep the clinic date when the browser is already in the next or previous day', () => {
    inBrowserTimeZone(browserZone, () => {
      // 17:40 in Manila is 04:40 the same day in New York and 05:40 the next day in Kiritimati.
      expect(wallClockParts(toWallClockDate('2030-01-09T09:40:00Z', MANILA))).toMatchObject({
        date: '2030-01-09',
        time: '17:40',
      });
      // Manila's midnight, 16:00Z the day before.
      expect(wallClockParts(toWallClockDate('2030-01-08T16:00:00Z', MANILA))).toMatchObject({
        date: '2030-01-09',
        time: '00:00',
      });
    });
  });

  it('are built from a clinic date and time', () => {
    inBrowserTimeZone(browserZone, () => {
      expect(wallClockParts(wallClockDate('2030-01-09', '14:40'))).toMatchObject({ date: '2030-01-09', time: '14:40' });
      expect(fromWallClockDate(wallClockDate('2030-01-09', '14:40'), MANILA).toISOString()).toBe(
        '2030-01-09T06:40:00.000Z',
      );
    });
  });
});

describe('wall-clock Dates', () => {
  it('drop seconds when read back', () => {
    expect(wallClockParts(new Date(2030, 0, 9, 10, 35, 59))).toMatchObject({ date: '2030-01-09', time: '10:35' });
  });

  it('refuse a date or time that does not exist', () => {
    expect(() => wallClockDate('2030-02-30', '10:00')).toThrow(RangeError);
    expect(() => wallClockDate('2030-01-09', '25:00')).toThrow(RangeError);
  });
});
