import { describe, expect, it } from 'vitest';
import { minutesOfTime, parseWallTime, secondsOfTime, timeOfMinutes, twelveHourLabel, wallTime } from './index';

describe('times of day', () => {
  it('read HH:MM and HH:MM:SS as minutes since midnight, seconds ignored', () => {
    expect(minutesOfTime('09:20')).toBe(560);
    expect(minutesOfTime('18:00:00')).toBe(1080);
    expect(minutesOfTime('24:00')).toBe(1440);
  });

  it('read Postgres time text with or without seconds as seconds since midnight', () => {
    expect(secondsOfTime('09:00')).toBe(32_400);
    expect(secondsOfTime('08:30:15')).toBe(30_615);
    expect(secondsOfTime('23:59:59.5')).toBe(86_399);
    expect(parseWallTime('17:40:05')).toEqual({ hour: 17, minute: 40, second: 5 });
  });

  it('refuse what is not a time of day', () => {
    for (const value of ['9:20', '12:60', '24:20', '24:00:01', '25:00', '9am', '09:75', '10:00:60', '']) {
      expect(() => minutesOfTime(value), value).toThrow(RangeError);
    }
  });

  it('are written back as HH:MM from minutes, or from an hour and minute', () => {
    expect([0, 560, 780, 1060, 1440].map(timeOfMinutes)).toEqual(['00:00', '09:20', '13:00', '17:40', '24:00']);
    expect(wallTime(9, 20)).toBe('09:20');
    expect(wallTime(13)).toBe('13:00');
    expect([9, 12, 17].map((hour) => wallTime(hour))).toEqual(['09:00', '12:00', '17:00']);
    expect(() => timeOfMinutes(1441)).toThrow(RangeError);
    expect(() => timeOfMinutes(-20)).toThrow(RangeError);
    expect(() => wallTime(9, 60)).toThrow(RangeError);
    expect(() => wallTime(9.5)).toThrow(RangeError);
  });

  it('are labelled the 12-hour way, midnight and noon included', () => {
    expect(['00:40', '09:20', '11:40', '12:00', '13:00', '17:40'].map(twelveHourLabel)).toEqual([
      '12:40 AM',
      '9:20 AM',
      '11:40 AM',
      '12:00 PM',
      '1:00 PM',
      '5:40 PM',
    ]);
    // The hour labels of the Availability Manager's grid.
    expect([0, 9, 11, 12, 17, 23].map((hour) => twelveHourLabel(wallTime(hour)))).toEqual([
      '12:00 AM',
      '9:00 AM',
      '11:00 AM',
      '12:00 PM',
      '5:00 PM',
      '11:00 PM',
    ]);
    expect(twelveHourLabel('24:00')).toBe('12:00 AM');
  });
});
