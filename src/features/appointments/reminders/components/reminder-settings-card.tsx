import { useId, useRef, useState } from 'react';
import { characterCount } from '@common/contract/character-count';
import { MESSAGE_MAX_LENGTH } from '@common/contract/limits';
import { Field } from '@/components/form/field';
import { SelectField } from '@/components/form/select-field';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { messengerIdText } from '../../model/display';
import { useSaveReminderSettings } from '../api/save-settings';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';
import {
  addReminderDay,
  canAddReminderDay,
  canRemoveReminderDay,
  RECIPIENT_TYPES,
  removeReminderDay,
  replaceReminderDay,
  reminderSettingsToSave,
  type ReminderRecipientType,
  type ReminderSettingsDraft,
  type ReminderSettingsProblem,
} from '../settings';
import { saveFailureDetail } from './failure-detail';
import { showReminderAlert } from './reminder-alert';

const PROBLEM_TEXT: Record<ReminderSettingsProblem, string> = {
  'day-out-of-range': REMINDER_EXTRA_TEXT.dayOutOfRange,
  'no-days': REMINDER_EXTRA_TEXT.noDays,
  'too-many-days': REMINDER_EXTRA_TEXT.tooManyDays,
  'message-too-long': REMINDER_EXTRA_TEXT.messageTooLong,
};

const RECIPIENT_LABEL: Record<ReminderRecipientType, string> = {
  patient: REMINDER_TEXT.patient,
  guardian: REMINDER_TEXT.guardian,
};

export interface ReminderSettingsCardProps {
  clinicId: number;
  appointmentId: number;
  draft: ReminderSettingsDraft;
  onDraftChange(next: ReminderSettingsDraft): void;
  /** The Messenger ids the recipient choice points at, to say where reminders go. */
  messengerIds: Record<ReminderRecipientType, string | null>;
}

/** Card 1 of the Reminder modal: whether, when, what and to whom automated reminders go. */
export function ReminderSettingsCard({
  clinicId,
  appointmentId,
  draft,
  onDraftChange,
  messengerIds,
}: ReminderSettingsCardProps) {
  const titleId = useId();
  const daysLabelId = useId();
  const daysHintId = useId();
  const messageId = useId();
  const recipientId = useId();
  const save = useSaveReminderSettings(clinicId, appointmentId);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [invalidDays, setInvalidDays] = useState<readonly number[]>([]);
  const [messageInvalid, setMessageInvalid] = useState(false);
  const off = !draft.enabled;
  const daysRef = useRef<HTMLUListElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  /** Takes the user to what needs fixing (it may be scrolled out of view in the modal). */
  function focusProblem(problem: ReminderSettingsProblem, dayPositions: readonly number[]) {
    if (problem === 'message-too-long') {
      messageRef.current?.focus();
      return;
    }
    const inputs = daysRef.current?.querySelectorAll('input');
    // Disabled inputs (reminders off) cannot take focus; the message line says what is wrong.
    inputs?.[dayPositions[0] ?? 0]?.focus();
  }

  function change(next: Partial<ReminderSettingsDraft>) {
    onDraftChange({ ...draft, ...next });
  }

  function changeDays(days: readonly string[]) {
    setInvalidDays([]);
    change({ days });
  }

  async function onSave() {
    const result = reminderSettingsToSave(draft);
    if (!result.ok) {
      setMessage({ tone: 'error', text: PROBLEM_TEXT[result.problem] });
      setInvalidDays(result.dayPositions);
      setMessageInvalid(result.problem === 'message-too-long');
      focusProblem(result.problem, result.dayPositions);
      return;
    }
    setMessage(null);
    setInvalidDays([]);
    setMessageInvalid(false);
    let saved;
    try {
      saved = await save.mutateAsync(result.update);
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
    onDraftChange({
      enabled: saved.reminder_enabled,
      days: saved.reminder_days.map(String),
      message: saved.reminder_message ?? '',
      recipient: saved.reminder_recipient_type,
    });
    void showReminderAlert({ title: REMINDER_TEXT.savedTitle, text: REMINDER_TEXT.savedText, icon: 'success' });
  }

  const recipientMessengerId = messengerIds[draft.recipient];
  const messageLength = characterCount(draft.message.trim());

  return (
    <section className="reminder-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="reminder-card-title">
        {REMINDER_TEXT.settingsTitle}
      </h3>
      <form
        className="reminder-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <label className="reminder-checkbox">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => change({ enabled: event.target.checked })}
          />
          {REMINDER_TEXT.enable}
        </label>

        <div className="field">
          <span id={daysLabelId} className="field-label">
            {REMINDER_TEXT.days}
          </span>
          <ul
            ref={daysRef}
            className="reminder-days"
            role="list"
            aria-labelledby={daysLabelId}
            aria-describedby={daysHintId}
          >
            {draft.days.map((day, index) => (
              // Entries have no identity of their own; the position is what the user edits.
              <li key={index} className="reminder-day">
                <input
                  className="input reminder-day-input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={365}
                  step={1}
                  value={day}
                  aria-label={REMINDER_EXTRA_TEXT.dayLabel(index + 1)}
                  aria-invalid={invalidDays.includes(index) || undefined}
                  disabled={off}
                  onChange={(event) => changeDays(replaceReminderDay(draft.days, index, event.target.value))}
                />
                <span className="reminder-day-unit" aria-hidden="true">
                  day(s) before
                </span>
                <button
                  type="button"
                  className="icon-button icon-button-danger reminder-day-remove"
                  aria-label={REMINDER_EXTRA_TEXT.removeDayLabel(index + 1)}
                  title={REMINDER_EXTRA_TEXT.removeDayLabel(index + 1)}
                  disabled={off || !canRemoveReminderDay(draft.days)}
                  onClick={() => changeDays(removeReminderDay(draft.days, index))}
                >
                  {REMINDER_TEXT.removeDay}
                </button>
              </li>
            ))}
          </ul>
          <div className="reminder-days-footer">
            <button
              type="button"
              className="button button-secondary reminder-add-day"
              disabled={off || !canAddReminderDay(draft.days)}
              onClick={() => changeDays(addReminderDay(draft.days))}
            >
              {REMINDER_TEXT.addDay}
            </button>
            <span id={daysHintId} className="reminder-hint">
              {REMINDER_EXTRA_TEXT.daysHint}
            </span>
          </div>
        </div>

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
              ref={messageRef}
              aria-invalid={messageInvalid || undefined}
              className="input reminder-textarea"
              rows={3}
              value={draft.message}
              disabled={off}
              onChange={(event) => {
                setMessageInvalid(false);
                change({ message: event.target.value });
              }}
            />
          )}
        </Field>

        <SelectField
          id={recipientId}
          label={REMINDER_TEXT.recipient}
          options={RECIPIENT_TYPES.map((type) => ({ value: type, label: RECIPIENT_LABEL[type] }))}
          value={draft.recipient}
          disabled={off}
          onChange={(event) => change({ recipient: event.target.value as ReminderRecipientType })}
          hint={
            recipientMessengerId
              ? REMINDER_EXTRA_TEXT.sendsTo(messengerIdText(recipientMessengerId))
              : REMINDER_EXTRA_TEXT.noMessengerId(RECIPIENT_LABEL[draft.recipient])
          }
          hintClassName={recipientMessengerId ? 'reminder-hint' : 'reminder-hint reminder-hint-warning'}
        />

        <FormMessage message={message} />
        <div className="reminder-card-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? REMINDER_TEXT.saving : REMINDER_TEXT.save}
          </button>
        </div>
      </form>
    </section>
  );
}
