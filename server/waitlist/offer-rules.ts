/**
 * The waitlist's rules (pure; the clock and the clinic's zone come in as arguments): whether a
 * queued slot is offered at all, and what the patient reads. Which entries a slot fits is the
 * database's rule (public.waitlist_entry_fits_slot), read through waitlist-store.ts.
 */
import { formatClinicDateTimeLong } from '@common/clinic-calendar';
import { WAITLIST_TAKE_TITLE, waitlistTakePayload } from '@common/contract';
import type { QuickReply } from '../contracts';

/** A queued slot (public.waitlist_freed_slots): freed by an appointment, or open when an entry joined. */
export interface FreedSlot {
  id: number;
  clinicId: number;
  dentistId: number;
  slotTime: Date;
}

/** Why a freed slot gets no offers before any entry is looked at; null when it may be offered. */
export function slotNotOfferableReason(
  slot: FreedSlot,
  facts: { now: Date; pageConnected: boolean; slotRebooked: boolean },
): 'passed' | 'rebooked' | 'not_connected' | null {
  if (slot.slotTime.getTime() <= facts.now.getTime()) return 'passed';
  if (facts.slotRebooked) return 'rebooked';
  if (!facts.pageConnected) return 'not_connected';
  return null;
}

export interface OfferFacts {
  patientName: string;
  dentistName: string;
  clinicName: string;
  slotTime: Date;
  timeZone: string;
}

export function offerText(facts: OfferFacts): string {
  const when = formatClinicDateTimeLong(facts.slotTime, facts.timeZone);
  return (
    `Hi ${facts.patientName}, a slot with ${facts.dentistName} at ${facts.clinicName} has opened up on ${when}. ` +
    `Tap '${WAITLIST_TAKE_TITLE}' to book it. It goes to the first patient on the waitlist who replies.`
  );
}

export function offerQuickReplies(offerId: number): QuickReply[] {
  return [{ title: WAITLIST_TAKE_TITLE, payload: waitlistTakePayload(offerId) }];
}

/** What take_waitlist_offer answered (supabase/migrations/…_recalls_and_waitlist.sql). */
export type TakeOutcome = 'booked' | 'already_booked' | 'gone' | 'expired' | 'withdrawn' | 'ignored' | 'duplicate';

/** The answer in Messenger to a 'Take this slot' tap; null for taps that get none (not the sender's offer, a redelivery). */
export function takeReplyText(
  outcome: TakeOutcome,
  facts: { slotTime: Date; timeZone: string; clinicName: string; clinicPhone: string | null },
): string | null {
  const when = formatClinicDateTimeLong(facts.slotTime, facts.timeZone);
  const call = facts.clinicPhone ? ` Please call the clinic at ${facts.clinicPhone}.` : ' Please call the clinic.';
  switch (outcome) {
    case 'booked':
    case 'already_booked':
      return `You're booked! Your appointment at ${facts.clinicName} is on ${when}. See you then!`;
    case 'gone':
      return `Sorry, the slot on ${when} has already been taken. You are still on the waitlist, and we will message you if another slot opens up.`;
    case 'expired':
      return `Sorry, the slot on ${when} has already passed. You are still on the waitlist, and we will message you if another slot opens up.`;
    case 'withdrawn':
      return `Sorry, the slot on ${when} is no longer offered to you, as you are no longer on the waitlist.${call}`;
    case 'ignored':
    case 'duplicate':
      return null;
  }
}
