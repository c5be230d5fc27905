import { describe, expect, it } from 'vitest';
import { paymentDate } from './payment-date';

describe('paymentDate', () => {
  it('shows the clinic’s date and time, whatever the instant’s offset', () => {
    expect(paymentDate('2030-01-09T01:05:00Z', 'Asia/Manila')).toEqual({
      date: 'Jan 9, 2030',
      time: '9:05 AM',
      full: 'Jan 9, 2030, 9:05 AM',
    });
    expect(paymentDate('2030-01-09T23:30:00+08:00', 'Asia/Manila').date).toBe('Jan 9, 2030');
    expect(paymentDate('2030-01-09T16:30:00Z', 'Asia/Manila')).toMatchObject({
      date: 'Jan 10, 2030',
      time: '12:30 AM',
    });
  });
});
