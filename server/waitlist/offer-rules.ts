/**
 * The waitlist's rules (pure; the clock and the clinic's zone come in as arguments): which
 * entries a freed slot is offered to and in what order, and what the patient reads.
 */
import { clinicDateOf, formatClinicDateTimeLong, type IsoDate } from '@common/clinic-calendar';
import { WAITLIST_TAKE_TITLE, waitlistTakePayload, type WaitlistEntryStatus } from '@common/contract';
import type { QuickReply } from '../contracts';

/** A slot freed by a cancelled or deleted appointment (public.waitlist_freed_slots). */
export interface FreedSlot {
  id: number;
  clinicId: number;
  dentistId: number;
  slotTime: Date;
}

/** An entry as the rule needs it, with its patient. */
export interface CandidateEntry {
  id: number;
  clinicId: number;
  dentistId: number;
  fromDate: IsoDate;
  toDate: IsoDate;
  status: WaitlistEntryStatus;
  createdAt: Date;
  patientDeleted: boolean;
  messengerId: string | null;
}

/**
 * The entries a freed slot is offered to, in waitlist order (created first; the id breaks ties):
 * same clinic and dentist, the slot's clinic date within the entry's dates (both inclusive), the
 * entry Waiting, and a live patient with a Messenger id. Does not change `entries`.
 */
export function entriesFittingSlot(
  entries: readonly CandidateEntry[],
  slot: FreedSlot,
  timeZone: string,
): CandidateEntry[] {
  const day = clinicDateOf(slot.slotTime, timeZone);
  return entries
    .filter(
      (entry) =>
        entry.clinicId === slot.clinicId &&
        entry.dentistId === slot.dentistId &&
        entry.status === 'waiting' &&
        entry.fromDate <= day &&
        day <= entry.toDate &&
        !entry.patientDeleted &&
        entry.messengerId !== null &&
        entry.messengerId.trim() !== '',
    )
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
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
