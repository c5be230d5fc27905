import { describe, expect, it } from 'vitest';
import { offerQuickReplies, offerText, slotNotOfferableReason, takeReplyText, type FreedSlot } from './offer-rules';

const MANILA = 'Asia/Manila';
/** Tuesday 15 January 2030, 9:00 AM in Manila (01:00 UTC). */
const SLOT: FreedSlot = { id: 1, clinicId: 1, dentistId: 7, slotTime: new Date('2030-01-15T01:00:00Z') };

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
