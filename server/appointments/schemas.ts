import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { APPOINTMENT_STATUSES } from '../messages';

export const MESSAGE_LIMIT = 1000;
const MESSENGER_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** A positive whole number in a path or query string ("12"), else a 400 naming `what`. */
export function parsePositiveId(value: unknown, what: string): number {
  const text = typeof value === 'string' ? value : '';
  const id = Number(text);
  if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(id) || id < 1)
    throw new HttpError(400, `${what} must be a positive whole number.`);
  return id;
}

const positiveId = (name: string) =>
  z
    .number({ error: `${name} must be a positive whole number.` })
    .int({ error: `${name} must be a positive whole number.` })
    .positive({ error: `${name} must be a positive whole number.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${name} must be a positive whole number.` });

const optionalMessage = (name: string) =>
  z
    .string({ error: `${name} must be text.` })
    .max(MESSAGE_LIMIT, { error: `${name} must be at most ${MESSAGE_LIMIT} characters.` })
    .nullish();

export const statusNotificationBody = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { error: `status must be one of ${APPOINTMENT_STATUSES.join(', ')}.` }),
  message: optionalMessage('message'),
  clinic_id: positiveId('clinic_id'),
});

export const manualReminderBody = z.object({
  days_ahead: z
    .number({ error: 'days_ahead must be a whole number of days from 1 to 365.' })
    .int({ error: 'days_ahead must be a whole number of days from 1 to 365.' })
    .min(1, { error: 'days_ahead must be a whole number of days from 1 to 365.' })
    .max(365, { error: 'days_ahead must be a whole number of days from 1 to 365.' }),
  message_override: optionalMessage('message_override'),
  recipient_override: z
    .string({ error: 'recipient_override must be a Messenger ID.' })
    .max(100, { error: 'recipient_override must be at most 100 characters.' })
    .nullish()
    .refine((value) => !value?.trim() || MESSENGER_ID.test(value.trim()), {
      error: 'recipient_override must be a Messenger ID (letters, digits, ".", "_", ":" or "-").',
    }),
});

/** Parses the JSON body with `schema`; 415 for a body that is not JSON, 400 naming the first problem. */
export function parseBody<T>(req: Request, schema: z.ZodType<T>): T {
  if (!req.is('application/json'))
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
    throw new HttpError(400, 'The request body must be a JSON object.');
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request body.');
  return parsed.data;
}
