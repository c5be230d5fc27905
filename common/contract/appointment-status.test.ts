import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './appointment-status';
import { appointmentStatusSchema } from './appointment-status-schema';

describe('appointment statuses', () => {
  it('are exactly the five stored values, in the order staff see them', () => {
    expect(APPOINTMENT_STATUSES).toEqual(['Scheduled', 'Confirmed', 'Completed', 'No Show', 'Cancelled']);
    expect(appointmentStatusSchema.options).toEqual([...APPOINTMENT_STATUSES]);
  });

  it.each(APPOINTMENT_STATUSES)('when the status is %j, then it is accepted', (status) => {
    expect(appointmentStatusSchema.safeParse(status)).toEqual({ success: true, data: status });
  });

  it.each([['scheduled'], ['NoShow'], ['No show'], [''], [null], [3]])(
    'when the status is %j, then it is refused naming the five',
    (status) => {
      const result = appointmentStatusSchema.safeParse(status);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'status must be one of Scheduled, Confirmed, Completed, No Show, Cancelled.',
      );
    },
  );
});
