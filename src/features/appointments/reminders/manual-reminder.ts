/**
 * 'Send Reminder Now' of the Reminder modal (spec part 2 §2, §5, §7, §8): the request body for
 * `POST /appointments/{id}/send-reminder`, and the text of its failure dialog. `now` and the
 * clinic's zone are passed in.
 */
import { ServiceError } from '@/lib/service-client';
import { manualDaysAhead } from './days-ahead';
import { characterCount, REMINDER_MESSAGE_MAX_LENGTH } from './settings';

/** Messenger ids (page-scoped ids) are stored in columns of at most 100 characters. */
export const MESSENGER_ID_MAX_LENGTH = 100;

export interface ManualReminderDraft {
  /** Blank: the appointment's reminder message, or the default one. */
  message: string;
  /** Blank: the Messenger id the appointment's recipient setting points at. */
  recipientOverride: string;
}

export interface SendReminderBody {
  days_ahead: number;
  message_override?: string;
  recipient_override?: string;
}

export type ManualReminderProblem = 'message-too-long' | 'recipient-too-long' | 'recipient-invalid';

/** The characters of a page-scoped id (digits in practice), as the notification service accepts them. */
const MESSENGER_ID_CHARACTERS = /^[A-Za-z0-9_.:-]+$/;

export type ManualReminderResult =
  | { readonly ok: true; readonly body: SendReminderBody }
  | { readonly ok: false; readonly problem: ManualReminderProblem };

/** The body to send, overrides left out when blank; or why the form cannot be sent. */
export function manualReminderRequest(
  draft: ManualReminderDraft,
  appointmentTime: string | null | undefined,
  now: Date,
  timeZone: string,
): ManualReminderResult {
  const message = draft.message.trim();
  const recipient = draft.recipientOverride.trim();
  if (characterCount(message) > REMINDER_MESSAGE_MAX_LENGTH) return { ok: false, problem: 'message-too-long' };
  if (characterCount(recipient) > MESSENGER_ID_MAX_LENGTH) return { ok: false, problem: 'recipient-too-long' };
  if (recipient !== '' && !MESSENGER_ID_CHARACTERS.test(recipient)) return { ok: false, problem: 'recipient-invalid' };
  const body: SendReminderBody = { days_ahead: manualDaysAhead(appointmentTime, now, timeZone) };
  if (message !== '') body.message_override = message;
  if (recipient !== '') body.recipient_override = recipient;
  return { ok: true, body };
}

/** Used when the service answers non-OK without an `error` text (spec §8). */
export const SEND_FALLBACK_ERROR = 'Failed to send reminder.';

/** When nothing answered at all, or the failure carries no text. */
export const SEND_NO_REASON_TEXT = 'Could not send the reminder. Please try again.';

/**
 * The text under 'Failed to send reminder': the service's `error` (or the fallback when it sent
 * none), and the generic retry text when the service could not be reached.
 */
export function sendFailureText(error: unknown): string {
  if (error instanceof ServiceError && !error.isNetworkFailure && error.message.trim() !== '') return error.message;
  return SEND_NO_REASON_TEXT;
}
