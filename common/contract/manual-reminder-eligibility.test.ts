import { describe, expect, it } from 'vitest';
import { REMINDER_BLOCKED_TEXT, reminderBlock } from './manual-reminder-eligibility';

// Monday 23 November 2026, 17:00 in Manila.
const NOW = new Date('2026-11-23T09:00:00Z');
const LATER_TODAY = '2026-11-23T17:40:00+08:00';
const EARLIER_TODAY = '2026-11-23T09:00:00+08:00';

describe('reminderBlock', () => {
  it('when a Scheduled or Confirmed appointment is still ahead, then a reminder may be sent', () => {
    expect(reminderBlock({ status: 'Scheduled', appointmentTime: LATER_TODAY }, NOW)).toBeNull();
    expect(reminderBlock({ status: 'Confirmed', deleted: false, appointmentTime: new Date(LATER_TODAY) }, NOW)).toBe(
      null,
    );
  });

  it.each([
    ['Cancelled', 'cancelled', 'This appointment is Cancelled: a reminder can no longer be sent.'],
    ['No Show', 'no-show', 'This appointment is marked No Show: a reminder can no longer be sent.'],
    ['Completed', 'completed', 'This appointment is Completed: a reminder can no longer be sent.'],
  ] as const)('when the appointment is %s, then it is refused saying so, even while ahead', (status, block, text) => {
    expect(reminderBlock({ status, appointmentTime: LATER_TODAY }, NOW)).toBe(block);
    expect(REMINDER_BLOCKED_TEXT[block]).toBe(text);
  });

  it('when the appointment was deleted, then that is the reason, whatever its status and time', () => {
    expect(reminderBlock({ status: 'Cancelled', deleted: true, appointmentTime: EARLIER_TODAY }, NOW)).toBe('deleted');
    expect(REMINDER_BLOCKED_TEXT.deleted).toBe('This appointment was deleted: a reminder can no longer be sent.');
  });

  it('when the appointment time has come or passed, then it is refused as past', () => {
    expect(reminderBlock({ status: 'Scheduled', appointmentTime: EARLIER_TODAY }, NOW)).toBe('past');
    expect(reminderBlock({ status: 'Confirmed', appointmentTime: NOW.toISOString() }, NOW)).toBe('past');
    expect(reminderBlock({ status: 'Scheduled', appointmentTime: 'not a time' }, NOW)).toBe('past');
    expect(REMINDER_BLOCKED_TEXT.past).toBe('This appointment has already passed: a reminder can no longer be sent.');
  });

  it('when the appointment is one millisecond ahead, then it is not past (the instant decides, not a zone)', () => {
    expect(reminderBlock({ status: 'Scheduled', appointmentTime: new Date(NOW.getTime() + 1) }, NOW)).toBeNull();
  });
});
