import { useId, useState } from 'react';
import { REMINDER_BLOCKED_TEXT, reminderBlock } from '@common/contract/manual-reminder-eligibility';
import { Field } from '@/components/form/field';
import { firstErrorMessage } from '@/components/form/first-error-message';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useNow } from '@/lib/use-now';
import { useSendReminder } from '../api/send-reminder';
import { sendReminderSchema } from '../api/send-reminder.schema';
import { sendFailureText, type ManualReminderDraft } from '../manual-reminder';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';
import { showReminderAlert } from './reminder-alert';

/** 'Reminder Sent!' closes by itself after this long. */
export const SENT_POPUP_MS = 1500;

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
  /** Whether reminders are on as saved (appointments.reminder_enabled): what the service sends by. */
  remindersSaved: boolean;
}

/** Card 2 of the Reminder modal: send one reminder now, through the notification service. */
export function ManualReminderCard({
  clinicId,
  timeZone,
  appointmentId,
  appointmentTime,
  status,
  remindersEnabled,
  remindersSaved,
}: ManualReminderCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const messageId = useId();
  const recipientId = useId();
  const send = useSendReminder(clinicId, appointmentId);
  const form = useZodForm(sendReminderSchema({ appointmentTime, timeZone, now: () => new Date() }), {
    defaultValues: EMPTY_DRAFT,
  });
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const { errors } = form.formState;
  // Typing clears the field's invalid mark; the message line stays until the next send.
  const clearInvalid = { onChange: () => form.clearErrors() };
  // The same rule the service refuses by; an appointment passes while the modal is open.
  const now = useNow();
  const blocked = reminderBlock({ status, appointmentTime }, now);
  // Off as ticked, or ticked but not saved yet: the service refuses while the stored setting is off.
  let reason: string | null = null;
  if (blocked) reason = REMINDER_BLOCKED_TEXT[blocked];
  else if (!remindersEnabled) reason = REMINDER_EXTRA_TEXT.remindersOff;
  else if (!remindersSaved) reason = REMINDER_EXTRA_TEXT.remindersNotSaved;

  const onSend = form.handleSubmit(
    async (body) => {
      setMessage(null);
      let sent;
      try {
        sent = await send.mutateAsync(body);
      } catch (error) {
        // What was typed stays, so the send can be tried again.
        console.error('Ngiti: sending a reminder failed', error);
        void showReminderAlert({ title: REMINDER_TEXT.sendFailedTitle, text: sendFailureText(error), icon: 'error' });
        return;
      }
      if (sent === ALREADY_PENDING) return;
      form.reset();
      void showReminderAlert({
        title: REMINDER_TEXT.sentTitle,
        text: REMINDER_TEXT.sentText,
        icon: 'success',
        timerMs: SENT_POPUP_MS,
      });
    },
    (refusals) => setMessage({ tone: 'error', text: firstErrorMessage(refusals) ?? '' }),
  );

  return (
    <section className="reminder-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="reminder-card-title">
        {REMINDER_TEXT.manualTitle}
      </h3>
      <form className="reminder-form" noValidate onSubmit={(event) => void onSend(event)}>
        {/* The refusal is the card's one message line, so the fields only carry the invalid mark. */}
        <Field
          id={messageId}
          label={REMINDER_TEXT.customMessage}
          hint={REMINDER_EXTRA_TEXT.customMessageHint}
          hintClassName="reminder-hint"
        >
          {(control) => (
            <textarea
              {...control}
              aria-invalid={errors.message ? true : undefined}
              className="input reminder-textarea"
              rows={3}
              {...form.register('message', clearInvalid)}
            />
          )}
        </Field>
        <Field
          id={recipientId}
          label={REMINDER_TEXT.recipientOverride}
          hint={REMINDER_EXTRA_TEXT.recipientOverrideHint}
          hintClassName="reminder-hint"
        >
          {(control) => (
            <input
              {...control}
              aria-invalid={errors.recipientOverride ? true : undefined}
              className="input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              {...form.register('recipientOverride', clearInvalid)}
            />
          )}
        </Field>
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
