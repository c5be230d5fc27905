/**
 * Recalls (issue 17, part 2): the due list's rules both sides know, the 'Book' quick reply a recall
 * carries, the answer of `POST /api/recalls/{patientId}?clinic_id={clinicId}` and the live event
 * staff get when a recall or a booking request changes. Browser-safe: zod/mini only.
 */
import * as z from 'zod/mini';
import { deliverySchema } from './fields';

/** clinics.recall_interval_months: a patient is due this many months after their last Completed visit. */
export const RECALL_INTERVAL_MONTHS = { default: 6, min: 1, max: 36 } as const;

/** A sent recall blocks another to the same patient for this many days (enforced by the database). */
export const RECALL_BLOCK_DAYS = 30;

/** What the quick reply of a recall says and carries: `BOOK_RECALL:{recall_messages.id}`. */
export const RECALL_BOOK_TITLE = 'Book';

const BOOK_PAYLOAD_PATTERN = /^BOOK_RECALL:([1-9][0-9]{0,14})$/;

export function recallBookPayload(recallId: number): string {
  if (!Number.isSafeInteger(recallId) || recallId < 1) throw new RangeError('A recall id is a positive whole number.');
  return `BOOK_RECALL:${recallId}`;
}

/** The recall id of a 'Book' tap, or null for any other payload (strict: no spaces, no sign, no zero). */
export function parseRecallBookPayload(payload: string | null | undefined): { recallId: number } | null {
  if (typeof payload !== 'string') return null;
  const match = BOOK_PAYLOAD_PATTERN.exec(payload);
  if (!match?.[1]) return null;
  const recallId = Number(match[1]);
  return Number.isSafeInteger(recallId) ? { recallId } : null;
}

export const RECALL_OUTCOMES = ['pending', 'sent', 'failed', 'skipped'] as const;
export const recallOutcomeSchema = z.enum(RECALL_OUTCOMES);
export type RecallOutcome = z.infer<typeof recallOutcomeSchema>;

/** 200 of `POST /api/recalls/{patientId}`: the recall went out and was logged. */
export const recallSendResponseSchema = z.object({
  ok: z.literal(true),
  messageId: z.string(),
  via: deliverySchema,
  recall: z.object({
    id: z.int(),
    created_at: z.iso.datetime({ offset: true }),
    blocked_until: z.iso.datetime({ offset: true }),
  }),
});

export type RecallSendResponse = z.infer<typeof recallSendResponseSchema>;

export const RECALL_UPDATED = 'recall-updated';

/**
 * A recall was logged or its outcome written (recall_messages), or a booking request was made or
 * handled (recall_requests). It names the row only; clients re-read the list and the requests.
 */
export const recallUpdatedPayloadSchema = z.object({
  table: z.enum(['recall_messages', 'recall_requests']),
  op: z.enum(['INSERT', 'UPDATE']),
  id: z.int().check(z.positive()),
  clinic_id: z.int().check(z.positive()),
  patient_id: z.int().check(z.positive()),
});

export type RecallUpdatedPayload = z.infer<typeof recallUpdatedPayloadSchema>;
