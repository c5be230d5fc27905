/**
 * The Reminder modal's settings card: editing the list of reminder days and turning the form into
 * the update the database accepts. The limits are those of the `appointments` check constraints
 * (1–10 days, each a whole number 0–365; a message of at most MESSAGE_MAX_LENGTH characters,
 * counted by the contract's characterCount as Postgres counts them), so bad input is refused here
 * with a clear reason instead of a raw error.
 */
import { characterCount } from '@common/contract/character-count';
import { MESSAGE_MAX_LENGTH } from '@common/contract/limits';
import { MAX_REMINDER_DAY, MAX_REMINDER_DAY_ENTRIES, reminderDaysToSave } from './days-ahead';

export const RECIPIENT_TYPES = ['patient', 'guardian'] as const;

export type ReminderRecipientType = (typeof RECIPIENT_TYPES)[number];

/** What the database stores about an appointment's reminders. */
export interface ReminderSettings {
  reminder_enabled: boolean;
  reminder_days: readonly number[];
  reminder_message: string | null;
  reminder_recipient_type: ReminderRecipientType;
}

/** The form as the user left it: days exactly as typed (a number input gives '' for junk). */
export interface ReminderSettingsDraft {
  enabled: boolean;
  days: string[];
  message: string;
  recipient: ReminderRecipientType;
}

export function draftFromSettings(settings: ReminderSettings): ReminderSettingsDraft {
  return {
    enabled: settings.reminder_enabled,
    days: settings.reminder_days.length > 0 ? settings.reminder_days.map(String) : [''],
    message: settings.reminder_message ?? '',
    recipient: settings.reminder_recipient_type === 'guardian' ? 'guardian' : 'patient',
  };
}

/** '+ Add Day' adds an empty entry, up to the database's ten. */
export function canAddReminderDay(days: readonly string[]): boolean {
  return days.length < MAX_REMINDER_DAY_ENTRIES;
}

export function addReminderDay(days: readonly string[]): readonly string[] {
  return canAddReminderDay(days) ? [...days, ''] : days;
}

/** '×' removes an entry, but at least one is always kept. */
export function canRemoveReminderDay(days: readonly string[]): boolean {
  return days.length > 1;
}

export function removeReminderDay(days: readonly string[], index: number): readonly string[] {
  if (!canRemoveReminderDay(days) || index < 0 || index >= days.length) return days;
  return days.filter((_, position) => position !== index);
}

export function replaceReminderDay(days: readonly string[], index: number, value: string): readonly string[] {
  if (index < 0 || index >= days.length) return days;
  return days.map((day, position) => (position === index ? value : day));
}

/**
 * Positions of entries that are numbers the database refuses (negative, fractional, over 365).
 * Blank and non-numeric entries are not listed: the spec drops those on save.
 */
export function outOfRangeReminderDays(days: readonly string[]): number[] {
  const positions: number[] = [];
  days.forEach((entry, position) => {
    const text = entry.trim();
    if (text === '') return;
    const day = Number(text);
    if (!Number.isFinite(day)) return;
    if (!Number.isInteger(day) || day < 0 || day > MAX_REMINDER_DAY) positions.push(position);
  });
  return positions;
}

export type ReminderSettingsProblem = 'day-out-of-range' | 'no-days' | 'too-many-days' | 'message-too-long';

export type ReminderSettingsResult =
  | { readonly ok: true; readonly update: ReminderSettings & { reminder_days: number[] } }
  | { readonly ok: false; readonly problem: ReminderSettingsProblem; readonly dayPositions: readonly number[] };

/**
 * 'Save Settings': the update to write (days cleaned by reminderDaysToSave, a blank message
 * stored as null so the default is used), or the first problem and the entries it concerns.
 */
export function reminderSettingsToSave(draft: ReminderSettingsDraft): ReminderSettingsResult {
  const outOfRange = outOfRangeReminderDays(draft.days);
  if (outOfRange.length > 0) return { ok: false, problem: 'day-out-of-range', dayPositions: outOfRange };
  const days = reminderDaysToSave(draft.days);
  if (!days.ok)
    return { ok: false, problem: days.problem === 'none-left' ? 'no-days' : 'too-many-days', dayPositions: [] };
  const message = draft.message.trim();
  if (characterCount(message) > MESSAGE_MAX_LENGTH) return { ok: false, problem: 'message-too-long', dayPositions: [] };
  return {
    ok: true,
    update: {
      reminder_enabled: draft.enabled,
      reminder_days: days.days,
      reminder_message: message === '' ? null : message,
      reminder_recipient_type: draft.recipient,
    },
  };
}
