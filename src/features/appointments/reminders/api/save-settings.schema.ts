import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { REMINDER_EXTRA_TEXT } from '../messages';
import { RECIPIENT_TYPES, reminderSettingsToSave, type ReminderSettingsProblem } from '../settings';

const PROBLEM_TEXT: Record<ReminderSettingsProblem, string> = {
  'day-out-of-range': REMINDER_EXTRA_TEXT.dayOutOfRange,
  'no-days': REMINDER_EXTRA_TEXT.noDays,
  'too-many-days': REMINDER_EXTRA_TEXT.tooManyDays,
  'message-too-long': REMINDER_EXTRA_TEXT.messageTooLong,
};

/**
 * 'Save Settings': settings.ts holds the rules. A refusal is the card's one message line (the
 * form's root); the day entries it concerns, or the message, carry the invalid mark. What passes is
 * the update to write.
 */
export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** Exactly as typed: a number input gives '' for junk. */
    days: z.array(z.string()),
    message: z.string(),
    recipient: z.enum(RECIPIENT_TYPES),
  })
  .transform((draft, context) => {
    const result = reminderSettingsToSave(draft);
    if (result.ok) return result.update;
    context.addIssue({ code: 'custom', path: ['root'], message: PROBLEM_TEXT[result.problem] });
    for (const position of result.dayPositions) {
      context.addIssue({ code: 'custom', path: ['days', position], message: PROBLEM_TEXT[result.problem] });
    }
    if (result.problem === 'message-too-long') {
      context.addIssue({ code: 'custom', path: ['message'], message: PROBLEM_TEXT[result.problem] });
    }
    return z.NEVER;
  });

export type ReminderSettingsValues = z.input<typeof reminderSettingsSchema>;

/** The Reminder modal's settings form, which the modal owns and the settings card edits. */
export type ReminderSettingsForm = UseFormReturn<
  ReminderSettingsValues,
  unknown,
  z.output<typeof reminderSettingsSchema>
>;
