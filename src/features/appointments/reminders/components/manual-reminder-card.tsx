import { useId, useState } from 'react';
import { REMINDER_BLOCKED_TEXT, reminderBlock } from '@common/contract/manual-reminder-eligibility';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useNow } from '@/lib/use-now';
import { useSendReminder } from '../api/send-reminder';
import {
  manualReminderRequest,
  sendFailureText,
  type ManualReminderDraft,
  type ManualReminderProblem,
} from '../manual-reminder';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';
import { showReminderAlert } from './reminder-alert';

/** 'Reminder Sent!' closes by itself after this long (spec part 2 §9). */
export const SENT_POPUP_MS = 1500;

const PROBLEM_TEXT: Record<ManualReminderProblem, string> = {
  'message-too-long': REMINDER_EXTRA_TEXT.customMessageTooLong,
  'recipient-too-long': REMINDER_EXTRA_TEXT.recipientTooLong,
  'recipient-invalid': REMINDER_EXTRA_TEXT.recipientInvalid,
  'too-far-ahead': REMINDER_EXTRA_TEXT.tooFarAhead,
};

/** The field to mark invalid for a problem; none when the appointment's date is the cause. */
const PROBLEM_FIELD: Record<ManualReminderProblem, 'message' | 'recipient' | null> = {
  'message-too-long': 'message',
  'recipient-too-long': 'recipient',
  'recipient-invalid': 'recipient',
  'too-far-ahead': null,
};

const EMPTY_DRAFT: ManualReminderDraft = { message: '', recipientOverride: '' };

export interface ManualReminderCardProps {
  clinicId: number;
  timeZone: string;
  appointmentId: number;
  appointmentTime: string;
  /** appointments.status: no reminder for a Cancelled, No Show or Completed appointment. */
  status: string;
  /** Whether 'Enable Reminders' is ticked in the settings card. */
  remindersEnabled: boolean;
}

/** Card 2 of the Reminder modal: send one reminder now, through the notification service. */
export function ManualReminderCard({
  clinicId,
  timeZone,
  appointmentId,
  appointmentTime,
  status,
  remindersEnabled,
}: ManualReminderCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const messageId = useId();
  const messageHintId = useId();
  const recipientId = useId();
  const recipientHintId = useId();
  const send = useSendReminder(clinicId, appointmentId);
  const [draft, setDraft] = useState<ManualReminderDraft>(EMPTY_DRAFT);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [invalid, setInvalid] = useState<'message' | 'recipient' | null>(null);
  // The same rule the service refuses by; an appointment passes while the modal is open.
  const now = useNow();
  const blocked = reminderBlock({ status, appointmentTime }, now);
  const reason = blocked ? REMINDER_BLOCKED_TEXT[blocked] : remindersEnabled ? null : REMINDER_EXTRA_TEXT.remindersOff;

  async function onSend() {
    const request = manualReminderRequest(draft, appointmentTime, new Date(), timeZone);
    if (!request.ok) {
      setMessage({ tone: 'error', text: PROBLEM_TEXT[request.problem] });
      setInvalid(PROBLEM_FIELD[request.problem]);
      return;
    }
    setMessage(null);
    setInvalid(null);
    let sent;
    try {
      sent = await send.mutateAsync(request.body);
    } catch (error) {
      // What was typed stays, so the send can be tried again.
      console.error('Ngiti: sending a reminder failed', error);
      void showReminderAlert({ title: REMINDER_TEXT.sendFailedTitle, text: sendFailureText(error), icon: 'error' });
      return;
    }
    if (sent === ALREADY_PENDING) return;
    setDraft(EMPTY_DRAFT);
    void showReminderAlert({
      title: REMINDER_TEXT.sentTitle,
      text: REMINDER_TEXT.sentText,
      icon: 'success',
      timerMs: SENT_POPUP_MS,
    });
  }

  return (
    <section className="reminder-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="reminder-card-title">
        {REMINDER_TEXT.manualTitle}
      </h3>
      <form
        className="reminder-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSend();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={messageId}>
            {REMINDER_TEXT.customMessage}
          </label>
          <textarea
            id={messageId}
            className="input reminder-textarea"
            rows={3}
            value={draft.message}
            aria-describedby={messageHintId}
            aria-invalid={invalid === 'message' || undefined}
            onChange={(event) => {
              setInvalid(null);
              setDraft({ ...draft, message: event.target.value });
            }}
          />
          <span id={messageHintId} className="reminder-hint">
            {REMINDER_EXTRA_TEXT.customMessageHint}
          </span>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={recipientId}>
            {REMINDER_TEXT.recipientOverride}
          </label>
          <input
            id={recipientId}
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={draft.recipientOverride}
            aria-describedby={recipientHintId}
            aria-invalid={invalid === 'recipient' || undefined}
            onChange={(event) => {
              setInvalid(null);
              setDraft({ ...draft, recipientOverride: event.target.value });
            }}
          />
          <span id={recipientHintId} className="reminder-hint">
            {REMINDER_EXTRA_TEXT.recipientOverrideHint}
          </span>
        </div>
        <FormMessage message={message} />
        <div className="reminder-card-actions">
          {reason ? (
            <p id={reasonId} className="reminder-hint reminder-hint-warning reminder-send-reason">
              {reason}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button-primary"
            disabled={send.isPending || reason !== null}
            aria-describedby={reason ? reasonId : undefined}
          >
            {send.isPending ? REMINDER_TEXT.sending : REMINDER_TEXT.send}
          </button>
        </div>
      </form>
    </section>
  );
}
