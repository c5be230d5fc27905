/**
 * POST /appointments/{appointmentId}/send-reminder?clinic_id={clinicId}: the Reminder modal's
 * "Send Reminder Now". Recipient: the override, else the Messenger id the appointment's recipient
 * setting points at. Text: the override, else the appointment's reminder message, else the default.
 */
import * as z from 'zod/mini';
import { atMostCharacters, deliverySchema, optionalMessageSchema } from './fields';
import { MAX_DAYS_AHEAD, MESSENGER_ID_MAX_LENGTH, MESSENGER_ID_PATTERN } from './limits';

const daysAheadError = `days_ahead must be a whole number of days from 1 to ${MAX_DAYS_AHEAD}.`;

export const manualReminderBodySchema = z.object({
  days_ahead: z
    .int({ error: daysAheadError })
    .check(z.minimum(1, { error: daysAheadError }), z.maximum(MAX_DAYS_AHEAD, { error: daysAheadError })),
  message_override: optionalMessageSchema('message_override'),
  recipient_override: z
    .nullish(
      z
        .string({ error: 'recipient_override must be a Messenger ID.' })
        .check(
          atMostCharacters(
            MESSENGER_ID_MAX_LENGTH,
            `recipient_override must be at most ${MESSENGER_ID_MAX_LENGTH} characters.`,
          ),
        ),
    )
    .check(
      z.refine((value) => !value?.trim() || MESSENGER_ID_PATTERN.test(value.trim()), {
        error: 'recipient_override must be a Messenger ID (letters, digits, ".", "_", ":" or "-").',
      }),
    ),
});

export type ManualReminderBody = z.infer<typeof manualReminderBodySchema>;

/** The appointment_reminders row the send was logged as. */
export const manualReminderLogEntrySchema = z.object({
  id: z.int(),
  sent_on: z.iso.datetime(),
  days_ahead: z.int(),
  messenger_id: z.string(),
  is_manual: z.literal(true),
});

export const manualReminderResponseSchema = z.object({
  ok: z.literal(true),
  messageId: z.string(),
  via: deliverySchema,
  /** null when the reminder went out but could not be logged (then `recorded` is false). */
  reminder: z.nullable(manualReminderLogEntrySchema),
  /** false when the reminder went out but could not be logged; absent otherwise. Do not resend. */
  recorded: z.optional(z.literal(false)),
});

export type ManualReminderResponse = z.infer<typeof manualReminderResponseSchema>;
