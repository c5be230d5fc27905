import { z } from 'zod';
import type { ManualReminderBody } from '@common/contract';
import { manualReminderRequest, type ManualReminderDraft, type ManualReminderProblem } from '../manual-reminder';
import { REMINDER_EXTRA_TEXT } from '../messages';

const PROBLEM_TEXT: Record<ManualReminderProblem, string> = {
  'message-too-long': REMINDER_EXTRA_TEXT.customMessageTooLong,
  'recipient-too-long': REMINDER_EXTRA_TEXT.recipientTooLong,
  'recipient-invalid': REMINDER_EXTRA_TEXT.recipientInvalid,
  'too-far-ahead': REMINDER_EXTRA_TEXT.tooFarAhead,
};

/** The field a problem marks invalid; the form's root when the appointment's date is the cause. */
const PROBLEM_FIELD: Record<ManualReminderProblem, keyof ManualReminderDraft | 'root'> = {
  'message-too-long': 'message',
  'recipient-too-long': 'recipientOverride',
  'recipient-invalid': 'recipientOverride',
  'too-far-ahead': 'root',
};

export interface SendReminderContext {
  appointmentTime: string;
  /** The clinic's zone, for the days ahead of the appointment. */
  timeZone: string;
  /** Read when the form is sent, not when the schema is built. */
  now: () => Date;
}

/**
 * 'Send Reminder Now': the overrides within the service's limits, the appointment
 * close enough; manual-reminder.ts holds the rules. What passes is the request body.
 */
export function sendReminderSchema({ appointmentTime, timeZone, now }: SendReminderContext) {
  return z
    .object({ message: z.string(), recipientOverride: z.string() })
    .transform((draft, context): ManualReminderBody => {
      const request = manualReminderRequest(draft, appointmentTime, now(), timeZone);
      if (request.ok) return request.body;
      context.addIssue({
        code: 'custom',
        path: [PROBLEM_FIELD[request.problem]],
        message: PROBLEM_TEXT[request.problem],
      });
      return z.NEVER;
    });
}
