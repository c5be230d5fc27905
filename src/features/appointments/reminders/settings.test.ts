import { describe, expect, it } from 'vitest';
import { characterCount } from '@common/contract';
import {
  addReminderDay,
  canAddReminderDay,
  canRemoveReminderDay,
  draftFromSettings,
  outOfRangeReminderDays,
  removeReminderDay,
  replaceReminderDay,
  reminderSettingsToSave,
  type ReminderSettingsDraft,
} from './settings';

const draft = (overrides: Partial<ReminderSettingsDraft> = {}): ReminderSettingsDraft => ({
  enabled: true,
  days: ['1'],
  message: '',
  recipient: 'patient',
  ...overrides,
});

describe('the settings form starts from what is stored', () => {
  it('shows each stored day as an entry, a missing message as blank, and the recipient', () => {
    expect(
      draftFromSettings({
        reminder_enabled: false,
        reminder_days: [3, 1, 0],
        reminder_message: null,
        reminder_recipient_type: 'guardian',
      }),
    ).toEqual({ enabled: false, days: ['3', '1', '0'], message: '', recipient: 'guardian' });
  });

  it('offers one empty entry when no day is stored', () => {
    expect(
      draftFromSettings({
        reminder_enabled: true,
        reminder_days: [],
        reminder_message: 'See you!',
        reminder_recipient_type: 'patient',
      }),
    ).toEqual({ enabled: true, days: [''], message: 'See you!', recipient: 'patient' });
  });
});

describe('editing the list of reminder days', () => {
  it("'+ Add Day' appends an empty entry, up to ten entries", () => {
    expect(addReminderDay(['1'])).toEqual(['1', '']);
    const ten = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    expect(canAddReminderDay(ten)).toBe(false);
    expect(addReminderDay(ten)).toBe(ten);
    expect(canAddReminderDay(ten.slice(1))).toBe(true);
  });

  it("'×' removes the chosen entry but always keeps one", () => {
    expect(removeReminderDay(['3', '2', '1'], 1)).toEqual(['3', '1']);
    expect(canRemoveReminderDay(['3'])).toBe(false);
    expect(removeReminderDay(['3'], 0)).toEqual(['3']);
    expect(removeReminderDay(['3', '1'], 5)).toEqual(['3', '1']);
  });

  it('changes one entry and leaves the given list alone', () => {
    const days = Object.freeze(['3', '1']);
    expect(replaceReminderDay(days, 1, '2')).toEqual(['3', '2']);
    expect(removeReminderDay(days, 0)).toEqual(['1']);
    expect(addReminderDay(days)).toEqual(['3', '1', '']);
    expect(days).toEqual(['3', '1']);
  });
});

describe('reminder days the database refuses', () => {
  it('are the negative, fractional and over-365 numbers, by position', () => {
    expect(outOfRangeReminderDays(['1', '-1', '2.5', '366', '365', '0', '1e3'])).toEqual([1, 2, 3, 6]);
  });

  it('do not include blank or non-numeric entries, which are dropped instead', () => {
    expect(outOfRangeReminderDays(['', '  ', 'abc', '7'])).toEqual([]);
  });
});

describe('saving the settings', () => {
  it('writes the cleaned days, a trimmed message and the recipient', () => {
    expect(
      reminderSettingsToSave(
        draft({ days: ['3', '', 'x', '1', '3'], message: '  Bring your X-ray.  ', recipient: 'guardian' }),
      ),
    ).toEqual({
      ok: true,
      update: {
        reminder_enabled: true,
        reminder_days: [3, 1],
        reminder_message: 'Bring your X-ray.',
        reminder_recipient_type: 'guardian',
      },
    });
  });

  it('stores a blank message as null, so the default message is sent', () => {
    const result = reminderSettingsToSave(draft({ message: ' \n ' }));
    expect(result.ok && result.update.reminder_message).toBeNull();
  });

  it('saves turned-off reminders too', () => {
    const result = reminderSettingsToSave(draft({ enabled: false, days: ['2'] }));
    expect(result).toEqual({
      ok: true,
      update: {
        reminder_enabled: false,
        reminder_days: [2],
        reminder_message: null,
        reminder_recipient_type: 'patient',
      },
    });
  });

  it('refuses numbers out of range, naming the entries', () => {
    expect(reminderSettingsToSave(draft({ days: ['1', '400', '-2'] }))).toEqual({
      ok: false,
      problem: 'day-out-of-range',
      dayPositions: [1, 2],
    });
  });

  it('refuses when no day is left after dropping the blank ones', () => {
    expect(reminderSettingsToSave(draft({ days: ['', 'abc'] }))).toEqual({
      ok: false,
      problem: 'no-days',
      dayPositions: [],
    });
  });

  it('refuses more than ten days', () => {
    const days = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    expect(reminderSettingsToSave(draft({ days }))).toMatchObject({ ok: false, problem: 'too-many-days' });
  });

  it('refuses a message over 1000 characters, counted as the database counts them', () => {
    expect(reminderSettingsToSave(draft({ message: 'a'.repeat(1000) })).ok).toBe(true);
    expect(reminderSettingsToSave(draft({ message: 'a'.repeat(1001) }))).toMatchObject({
      ok: false,
      problem: 'message-too-long',
    });
    // 1000 emoji are 2000 UTF-16 units but 1000 characters for Postgres.
    expect(characterCount('😀'.repeat(1000))).toBe(1000);
    expect(reminderSettingsToSave(draft({ message: '😀'.repeat(1000) })).ok).toBe(true);
  });
});
