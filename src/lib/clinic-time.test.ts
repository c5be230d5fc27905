import { describe, expect, it } from 'vitest';
import { clinicDateTime, formatClinicDateTime } from './clinic-time';

describe('clinic time', () => {
  it('shows an instant as the wall clock in Manila, whatever zone the test runs in', () => {
    expect(clinicDateTime('2030-01-07T01:00:00Z', 'Asia/Manila')).toEqual({
      date: '2030-01-07',
      weekday: 'Mon',
      time: '9:00 AM',
    });
  });

  it('moves to the clinic’s next day when the instant is late evening in UTC', () => {
    expect(formatClinicDateTime('2030-01-06T17:40:00Z', 'Asia/Manila')).toBe('Mon 2030-01-07, 1:40 AM');
  });

  it('reads timestamps with an offset as the database returns them', () => {
    expect(formatClinicDateTime('2030-01-07T13:20:00+08:00', 'Asia/Manila')).toBe('Mon 2030-01-07, 1:20 PM');
    expect(formatClinicDateTime('2030-01-07T12:00:00+08:00', 'Asia/Manila')).toBe('Mon 2030-01-07, 12:00 PM');
    expect(formatClinicDateTime('2030-01-07T00:05:00+08:00', 'Asia/Manila')).toBe('Mon 2030-01-07, 12:05 AM');
  });

  it('follows the zone it is given, not the browser’s', () => {
    expect(formatClinicDateTime(new Date('2030-01-07T01:00:00Z'), 'America/New_York')).toBe('Sun 2030-01-06, 8:00 PM');
  });

  it('refuses an instant that is not one', () => {
    expect(() => clinicDateTime('not a date', 'Asia/Manila')).toThrow(RangeError);
  });
});
