/**
 * Waitlist / ASAP fill: the statuses both sides know, the 'Take this slot' quick
 * reply an offer carries. Its live event, `waitlist-updated`, is in ./live-events.ts and
 * ./realtime.ts. No zod: screens draw with these.
 */

/** waitlist_entries.status (an enum); 'ended': its dates passed while it waited. */
export const WAITLIST_ENTRY_STATUSES = ['waiting', 'offered', 'booked', 'ended', 'removed'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** waitlist_offers.status (check constraint); 'sending' and 'sent' are the open ones. */
export const WAITLIST_OFFER_STATUSES = ['sending', 'sent', 'failed', 'booked', 'gone', 'expired', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** An entry's note, at most this many characters (check constraint). */
export const WAITLIST_NOTE_MAX_LENGTH = 500;
/** An entry's date range spans at most this many days after its first (check constraint). */
export const WAITLIST_MAX_RANGE_DAYS = 366;

/** What the quick reply of an offer says and carries: `TAKE_WAITLIST_OFFER:{waitlist_offers.id}`. */
export const WAITLIST_TAKE_TITLE = 'Take this slot';

const TAKE_PAYLOAD_PATTERN = /^TAKE_WAITLIST_OFFER:([1-9][0-9]{0,14})$/;

export function waitlistTakePayload(offerId: number): string {
  if (!Number.isSafeInteger(offerId) || offerId < 1) throw new RangeError('An offer id is a positive whole number.');
  return `TAKE_WAITLIST_OFFER:${offerId}`;
}

/** The offer id of a 'Take this slot' tap, or null for any other payload (strict: no spaces, no sign, no zero). */
export function parseWaitlistTakePayload(payload: string | null | undefined): { offerId: number } | null {
  if (typeof payload !== 'string') return null;
  const match = TAKE_PAYLOAD_PATTERN.exec(payload);
  if (!match?.[1]) return null;
  const offerId = Number(match[1]);
  return Number.isSafeInteger(offerId) ? { offerId } : null;
}

export { WAITLIST_UPDATED } from './live-events';
