/**
 * Recalls: the due list's rules both sides know, the 'Book' quick reply a recall
 * carries and the answer of `POST /api/recalls/{patientId}?clinic_id={clinicId}`. Its live event,
 * `recall-updated`, is in ./live-events.ts and ./realtime.ts. No zod: screens draw with these.
 */
import type { Delivery } from './fields';

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
export type RecallOutcome = (typeof RECALL_OUTCOMES)[number];

/** 200 of `POST /api/recalls/{patientId}`: the recall went out and was logged. */
export interface RecallSendResponse {
  ok: true;
  messageId: string;
  via: Delivery;
  recall: {
    id: number;
    /** ISO date-times with an offset. */
    created_at: string;
    blocked_until: string;
  };
}

export { RECALL_UPDATED } from './live-events';
