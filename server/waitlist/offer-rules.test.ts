import { describe, expect, it } from 'vitest';
import {
  entriesFittingSlot,
  offerQuickReplies,
  offerText,
  slotNotOfferableReason,
  takeReplyText,
  type CandidateEntry,
  type FreedSlot,
} from './offer-rules';

const MANILA = 'Asia/Manila';
/** Tuesday 15 January 2030, 9:00 AM in Manila (01:00 UTC). */
const SLOT: FreedSlot = { id: 1, clinicId: 1, dentistId: 7, slotTime: new Date('2030-01-15T01:00:00Z') };

const entry = (id: number, overrides: Partial<CandidateEntry> = {}): CandidateEntry => ({
  id,
  clinicId: 1,
  dentistId: 7,
  fromDate: '2030-01-14',
  toDate: '2030-01-16',
  status: 'waiting',
  createdAt: new Date(`2030-01-0${Math.min(id, 9)}T00:00:00Z`),
  patientDeleted: false,
  messengerId: `700000000000000${id}`,
  ...overrides,
});

describe('who a freed slot is offered to', () => {
  it('offers it to every fitting waiting entry, in waitlist order (created first, then id)', () => {
    const sameTime = new Date('2030-01-02T00:00:00Z');
    const entries = [
      entry(3),
      entry(5, { createdAt: sameTime }),
      entry(2, { createdAt: sameTime }),
      entry(1, { createdAt: new Date('2030-01-01T00:00:00Z') }),
    ];
    const copy = [...entries];
    expect(entriesFittingSlot(entries, SLOT, MANILA).map((fit) => fit.id)).toEqual([1, 2, 5, 3]);
    expect(entries).toEqual(copy);
  });

  it('counts both ends of the dates, in the clinic’s date of the slot', () => {
    expect(entriesFittingSlot([entry(1, { fromDate: '2030-01-15', toDate: '2030-01-15' })], SLOT, MANILA)).toHaveLength(
      1,
    );
    // 23:30 UTC on the 14th is already the 15th in Manila.
    const lateUtc = { ...SLOT, slotTime: new Date('2030-01-14T23:30:00Z') };
    expect(
      entriesFittingSlot([entry(1, { fromDate: '2030-01-15', toDate: '2030-01-15' })], lateUtc, MANILA),
    ).toHaveLength(1);
    expect(
      entriesFittingSlot([entry(1, { fromDate: '2030-01-15', toDate: '2030-01-15' })], lateUtc, 'UTC'),
    ).toHaveLength(0);
  });

  it.each([
    ['another dentist', { dentistId: 8 }],
    ['another clinic', { clinicId: 2 }],
    ['dates that end before the slot', { fromDate: '2030-01-10', toDate: '2030-01-14' }],
    ['dates that start after the slot', { fromDate: '2030-01-16', toDate: '2030-01-20' }],
    ['an entry already offered a slot', { status: 'offered' as const }],
    ['a booked entry', { status: 'booked' as const }],
    ['a removed entry', { status: 'removed' as const }],
    ['a deleted patient', { patientDeleted: true }],
    ['a patient without a Messenger id', { messengerId: null }],
    ['a blank Messenger id', { messengerId: '  ' }],
  ])('leaves out %s', (_what, overrides) => {
    expect(entriesFittingSlot([entry(1, overrides)], SLOT, MANILA)).toEqual([]);
  });
});

describe('whether a freed slot is offered at all', () => {
  const now = new Date('2030-01-14T01:00:00Z');
  it('is offered when it is ahead, free and the clinic has a page', () => {
    expect(slotNotOfferableReason(SLOT, { now, pageConnected: true, slotRebooked: false })).toBeNull();
  });
  it('is not once it has started, was booked again, or the clinic has no page', () => {
    expect(slotNotOfferableReason(SLOT, { now: SLOT.slotTime, pageConnected: true, slotRebooked: false })).toBe(
      'passed',
    );
    expect(slotNotOfferableReason(SLOT, { now, pageConnected: true, slotRebooked: true })).toBe('rebooked');
    expect(slotNotOfferableReason(SLOT, { now, pageConnected: false, slotRebooked: false })).toBe('not_connected');
  });
});

describe('what the patient reads', () => {
  const facts = { slotTime: SLOT.slotTime, timeZone: MANILA, clinicName: 'Smile Dental', clinicPhone: '0917 555 0000' };

  it('offers the slot in clinic time with one Take this slot reply carrying the offer id', () => {
    expect(
      offerText({
        patientName: 'Maria Santos',
        dentistName: 'Dr. Andrea Villanueva',
        clinicName: 'Smile Dental',
        slotTime: SLOT.slotTime,
        timeZone: MANILA,
      }),
    ).toBe(
      "Hi Maria Santos, a slot with Dr. Andrea Villanueva at Smile Dental has opened up on Tuesday, 15 January 2030 at 9:00 AM. Tap 'Take this slot' to book it. It goes to the first patient on the waitlist who replies.",
    );
    expect(offerQuickReplies(42)).toEqual([{ title: 'Take this slot', payload: 'TAKE_WAITLIST_OFFER:42' }]);
  });

  it('answers each outcome of a tap, and nothing to a tap that is not theirs or a redelivery', () => {
    expect(takeReplyText('booked', facts)).toBe(
      "You're booked! Your appointment at Smile Dental is on Tuesday, 15 January 2030 at 9:00 AM. See you then!",
    );
    expect(takeReplyText('already_booked', facts)).toBe(takeReplyText('booked', facts));
    expect(takeReplyText('gone', facts)).toBe(
      'Sorry, the slot on Tuesday, 15 January 2030 at 9:00 AM has already been taken. You are still on the waitlist, and we will message you if another slot opens up.',
    );
    expect(takeReplyText('expired', facts)).toContain('has already passed');
    expect(takeReplyText('withdrawn', facts)).toBe(
      'Sorry, the slot on Tuesday, 15 January 2030 at 9:00 AM is no longer offered to you, as you are no longer on the waitlist. Please call the clinic at 0917 555 0000.',
    );
    expect(takeReplyText('withdrawn', { ...facts, clinicPhone: null })).toMatch(/Please call the clinic\.$/);
    expect(takeReplyText('ignored', facts)).toBeNull();
    expect(takeReplyText('duplicate', facts)).toBeNull();
  });
});
