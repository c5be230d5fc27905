import { useId, useRef, type FormEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { characterCount } from '@common/contract/character-count';
import { MESSAGE_MAX_LENGTH } from '@common/contract/limits';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { FormMessage } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { messengerIdText } from '../../model/display';
import { useSaveReminderSettings } from '../api/save-settings';
import type { ReminderSettingsForm, ReminderSettingsValues } from '../api/save-settings.schema';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';
import { draftFromSettings, RECIPIENT_TYPES, type ReminderRecipientType } from '../settings';
import { saveFailureDetail } from './failure-detail';
import { showReminderAlert } from './reminder-alert';
import { ReminderDaysField } from './reminder-days-field';

const RECIPIENT_LABEL: Record<ReminderRecipientType, string> = {
  patient: REMINDER_TEXT.patient,
  guardian: REMINDER_TEXT.guardian,
};

export interface ReminderSettingsCardProps {
  clinicId: number;
  appointmentId: number;
  /** The settings as the user left them; the modal owns the form (the manual card reads it too). */
  form: ReminderSettingsForm;
  /** The Messenger ids the recipient choice points at, to say where reminders go. */
  messengerIds: Record<ReminderRecipientType, string | null>;
}

/** Card 1 of the Reminder modal: whether, when, what and to whom automated reminders go. */
export function ReminderSettingsCard({ clinicId, appointmentId, form, messengerIds }: ReminderSettingsCardProps) {
  const titleId = useId();
  const messageId = useId();
  const recipientId = useId();
  const save = useSaveReminderSettings(clinicId, appointmentId);
  const { errors } = form.formState;
  const [enabled, recipient, reminderMessage] = form.watch(['enabled', 'recipient', 'message']);
  const off = !enabled;
  const daysRef = useRef<HTMLUListElement>(null);
  const messageRef = useRef<HTMLTextAreaElement | null>(null);

  /** Takes the user to what needs fixing (it may be scrolled out of view in the modal). */
  function focusProblem(refusals: FieldErrors<ReminderSettingsValues>) {
    if (refusals.message) {
      messageRef.current?.focus();
      return;
    }
    const inputs = daysRef.current?.querySelectorAll('input');
    const firstInvalid = inputs ? Array.from(inputs).findIndex((_, position) => refusals.days?.[position]) : -1;
    // Disabled inputs (reminders off) cannot take focus; the message line says what is wrong.
    inputs?.[Math.max(firstInvalid, 0)]?.focus();
  }

  function onSave(event: FormEvent<HTMLFormElement>) {
    return form.handleSubmit(async (update) => {
      let saved;
      try {
        saved = await save.mutateAsync(update);
      } catch (error) {
        // The form keeps what the user typed, so Save can simply be tried again.
        console.error('Ngiti: saving reminder settings failed', error);
        void showReminderAlert({
          title: REMINDER_TEXT.saveFailedTitle,
          text: REMINDER_TEXT.saveFailedText,
          icon: 'error',
          detail: saveFailureDetail(error),
        });
        return;
      }
      if (saved === ALREADY_PENDING) return;
      // Show what is stored now: blank and junk entries gone, repeats merged.
      form.reset(draftFromSettings(saved));
      void showReminderAlert({ title: REMINDER_TEXT.savedTitle, text: REMINDER_TEXT.savedText, icon: 'success' });
    }, focusProblem)(event);
  }

  const recipientMessengerId = messengerIds[recipient];
  const messageLength = characterCount(reminderMessage.trim());
  const { ref: registerMessageRef, ...messageField } = form.register('message', {
    onChange: () => form.clearErrors('message'),
  });
  const refusal = errors.root?.message;

  return (
    <section className="reminder-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="reminder-card-title">
        {REMINDER_TEXT.settingsTitle}
      </h3>
      <form className="reminder-form" noValidate onSubmit={(event) => void onSave(event)}>
        <label className="reminder-checkbox">
          <input type="checkbox" {...form.register('enabled')} />
          {REMINDER_TEXT.enable}
        </label>

        <ReminderDaysField form={form} disabled={off} listRef={daysRef} />

        {/* The refusal is the card's one message line, so the message only carries the invalid mark. */}
        <Field
          id={messageId}
          label={REMINDER_TEXT.message}
          hint={
            <>
              <span>{REMINDER_EXTRA_TEXT.messageHint}</span>
              <span className={messageLength > MESSAGE_MAX_LENGTH ? 'reminder-count-over' : undefined}>
                {messageLength}/{MESSAGE_MAX_LENGTH}
              </span>
            </>
          }
          hintClassName="reminder-hint reminder-hint-row"
        >
          {(control) => (
            <textarea
              {...control}
              {...messageField}
              ref={(element) => {
                registerMessageRef(element);
                messageRef.current = element;
              }}
              aria-invalid={errors.message ? true : undefined}
              className="input reminder-textarea"
              rows={3}
              disabled={off}
            />
          )}
        </Field>

        <SelectField
          id={recipientId}
          label={REMINDER_TEXT.recipient}
          options={RECIPIENT_TYPES.map((type) => ({ value: type, label: RECIPIENT_LABEL[type] }))}
          disabled={off}
          {...form.register('recipient')}
          hint={
            recipientMessengerId
              ? REMINDER_EXTRA_TEXT.sendsTo(messengerIdText(recipientMessengerId))
              : REMINDER_EXTRA_TEXT.noMessengerId(RECIPIENT_LABEL[recipient])
          }
          hintClassName={recipientMessengerId ? 'reminder-hint' : 'reminder-hint reminder-hint-warning'}
        />

        <FormMessage message={refusal ? { tone: 'error', text: refusal } : null} />
        <div className="reminder-card-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? REMINDER_TEXT.saving : REMINDER_TEXT.save}
          </button>
        </div>
      </form>
    </section>
  );
}
