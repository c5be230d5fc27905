/**
 * Whether a reminder may still be sent for an appointment: not for one that is deleted,
 * Cancelled, No Show, Completed or already past. Shared by the service (which refuses the send
 * with 409 and the text below) and the Reminder modal (which disables 'Send Reminder Now' and
 * shows the same text). Zod-free and pure: `now` is passed in.
 */

export type ReminderBlock = 'deleted' | 'cancelled' | 'no-show' | 'completed' | 'past';

/** Why no reminder can be sent, in words for staff; the service's `{error}` and the modal's note. */
export const REMINDER_BLOCKED_TEXT: Readonly<Record<ReminderBlock, string>> = {
  deleted: 'This appointment was deleted: a reminder can no longer be sent.',
  cancelled: 'This appointment is Cancelled: a reminder can no longer be sent.',
  'no-show': 'This appointment is marked No Show: a reminder can no longer be sent.',
  completed: 'This appointment is Completed: a reminder can no longer be sent.',
  past: 'This appointment has already passed: a reminder can no longer be sent.',
};

const BLOCKING_STATUSES: Readonly<Record<string, ReminderBlock>> = {
  Cancelled: 'cancelled',
  'No Show': 'no-show',
  Completed: 'completed',
};

export interface ReminderEligibilityFacts {
  status: string;
  deleted?: boolean;
  /** An instant: a Date or an ISO timestamp with its offset. */
  appointmentTime: Date | string;
}

/**
 * Why a reminder cannot be sent for the appointment at `now`, or null when it can. A deleted
 * appointment says so before its status; a status says more than the time (a Cancelled
 * appointment is Cancelled, past or not). An appointment at `now` or earlier has passed.
 */
export function reminderBlock(appointment: ReminderEligibilityFacts, now: Date): ReminderBlock | null {
  if (appointment.deleted) return 'deleted';
  const byStatus = BLOCKING_STATUSES[appointment.status];
  if (byStatus) return byStatus;
  const time =
    appointment.appointmentTime instanceof Date
      ? appointment.appointmentTime.getTime()
      : Date.parse(appointment.appointmentTime);
  // An unreadable time is not known to be ahead: refused, like a past one.
  if (!(time > now.getTime())) return 'past';
  return null;
}
