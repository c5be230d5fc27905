import { describe, expect, it } from 'vitest';
import { clinicToday, clinicWallClock } from './clinic-time';

const MANILA = 'Asia/Manila';

describe('clinic wall clock', () => {
  it('reads a UTC instant as Manila time, eight hours ahead', () => {
    expect(clinicWallClock('2030-01-07T01:30:00Z', MANILA)).toEqual({ date: '2030-01-07', hour: 9, minute: 30 });
  });

  it('moves to the next Manila day for a late UTC evening', () => {
    expect(clinicWallClock('2030-01-06T16:00:00Z', MANILA)).toEqual({ date: '2030-01-07', hour: 0, minute: 0 });
  });

  it('accepts the offsets the database returns', () => {
    expect(clinicWallClock('2030-01-07T02:00:00+00:00', MANILA)).toEqual({ date: '2030-01-07', hour: 10, minute: 0 });
    expect(clinicWallClock('2030-01-07T17:40:00+08:00', MANILA)).toEqual({ date: '2030-01-07', hour: 17, minute: 40 });
  });

  it('follows daylight saving in zones that have it', () => {
    expect(clinicWallClock('2030-07-01T13:00:00Z', 'America/New_York')).toMatchObject({ hour: 9 });
    expect(clinicWallClock('2030-01-07T14:00:00Z', 'America/New_York')).toMatchObject({ hour: 9 });
  });

  it('refuses an invalid instant', () => {
    expect(() => clinicWallClock('not a time', MANILA)).toThrow(RangeError);
  });
});

describe('clinic today', () => {
  it('is already tomorrow in Manila while it is still today in New York', () => {
    const now = new Date('2030-01-07T20:00:00Z');
    expect(clinicToday(now, MANILA)).toBe('2030-01-08');
    expect(clinicToday(now, 'America/New_York')).toBe('2030-01-07');
  });
});
