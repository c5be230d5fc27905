/**
 * 'Send Reminder Now' of the Reminder modal: the request body for
 * `POST /appointments/{id}/send-reminder`, and the text of its failure dialog. `now` and the
 * clinic's zone are passed in. The limits are the service's (@common/contract), so a body that
 * passes here is not refused there.
 */
import type { ManualReminderBody } from '@common/contract';
import { characterCount } from '@common/contract/character-count';
import {
  MAX_DAYS_AHEAD,
  MESSAGE_MAX_LENGTH,
  MESSENGER_ID_MAX_LENGTH,
  MESSENGER_ID_PATTERN,
} from '@common/contract/limits';
import { ServiceError } from '@/lib/service-client';
import { manualDaysAhead } from './days-ahead';
import { SEND_NO_REASON_TEXT } from './messages';

export interface ManualReminderDraft {
  /** Blank: the appointment's reminder message, or the default one. */
  message: string;
  /** Blank: the Messenger id the appointment's recipient setting points at. */
  recipientOverride: string;
}

export type ManualReminderProblem = 'message-too-long' | 'recipient-too-long' | 'recipient-invalid' | 'too-far-ahead';

export type ManualReminderResult =
  | { readonly ok: true; readonly body: ManualReminderBody }
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
  if (characterCount(message) > MESSAGE_MAX_LENGTH) return { ok: false, problem: 'message-too-long' };
  if (characterCount(recipient) > MESSENGER_ID_MAX_LENGTH) return { ok: false, problem: 'recipient-too-long' };
  if (recipient !== '' && !MESSENGER_ID_PATTERN.test(recipient)) return { ok: false, problem: 'recipient-invalid' };
  const daysAhead = manualDaysAhead(appointmentTime, now, timeZone);
  if (daysAhead > MAX_DAYS_AHEAD) return { ok: false, problem: 'too-far-ahead' };
  const body = {
    days_ahead: daysAhead,
    ...(message === '' ? {} : { message_override: message }),
    ...(recipient === '' ? {} : { recipient_override: recipient }),
  } satisfies ManualReminderBody;
  return { ok: true, body };
}

/**
 * The text under 'Failed to send reminder': the service's `error` (or the fallback when it sent
 * none), and the generic retry text when the service could not be reached.
 */
export function sendFailureText(error: unknown): string {
  if (error instanceof ServiceError && !error.isNetworkFailure && error.message.trim() !== '') return error.message;
  return SEND_NO_REASON_TEXT;
}
