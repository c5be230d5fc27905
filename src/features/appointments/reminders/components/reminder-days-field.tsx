import { useId, type Ref } from 'react';
import type { ReminderSettingsForm } from '../api/save-settings.schema';
import { REMINDER_EXTRA_TEXT, REMINDER_TEXT } from '../messages';
import {
  addReminderDay,
  canAddReminderDay,
  canRemoveReminderDay,
  removeReminderDay,
  replaceReminderDay,
} from '../settings';

export interface ReminderDaysFieldProps {
  form: ReminderSettingsForm;
  /** Reminders are off: the entries wait, disabled. */
  disabled: boolean;
  /** The list of entries, for taking the user to the one that needs fixing. */
  listRef: Ref<HTMLUListElement>;
}

/** 'Reminder Days': the entries as typed, '+ Add Day' (up to ten) and '×' (never the last). */
export function ReminderDaysField({ form, disabled, listRef }: ReminderDaysFieldProps) {
  const labelId = useId();
  const hintId = useId();
  const days = form.watch('days');
  const invalidDays = form.formState.errors.days;

  function changeDays(next: readonly string[]) {
    // Editing the entries takes their invalid marks away; the message line stays until the next save.
    form.clearErrors('days');
    form.setValue('days', [...next], { shouldDirty: true });
  }

  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {REMINDER_TEXT.days}
      </span>
      <ul ref={listRef} className="reminder-days" role="list" aria-labelledby={labelId} aria-describedby={hintId}>
        {days.map((day, index) => (
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
              aria-invalid={invalidDays?.[index] ? true : undefined}
              disabled={disabled}
              onChange={(event) => changeDays(replaceReminderDay(days, index, event.target.value))}
            />
            <span className="reminder-day-unit" aria-hidden="true">
              day(s) before
            </span>
            <button
              type="button"
              className="icon-button icon-button-danger reminder-day-remove"
              aria-label={REMINDER_EXTRA_TEXT.removeDayLabel(index + 1)}
              title={REMINDER_EXTRA_TEXT.removeDayLabel(index + 1)}
              disabled={disabled || !canRemoveReminderDay(days)}
              onClick={() => changeDays(removeReminderDay(days, index))}
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
          disabled={disabled || !canAddReminderDay(days)}
          onClick={() => changeDays(addReminderDay(days))}
        >
          {REMINDER_TEXT.addDay}
        </button>
        <span id={hintId} className="reminder-hint">
          {REMINDER_EXTRA_TEXT.daysHint}
        </span>
      </div>
    </div>
  );
}
