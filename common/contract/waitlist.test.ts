import { describe, expect, it } from 'vitest';
import { waitlistUpdatedPayloadSchema } from './realtime';
import { parseWaitlistTakePayload, waitlistTakePayload, WAITLIST_TAKE_TITLE } from './waitlist';

describe('the Take this slot payload', () => {
  it('carries the offer id and reads back the same id', () => {
    expect(waitlistTakePayload(42)).toBe('TAKE_WAITLIST_OFFER:42');
    expect(parseWaitlistTakePayload(waitlistTakePayload(42))).toEqual({ offerId: 42 });
    expect(parseWaitlistTakePayload('TAKE_WAITLIST_OFFER:999999999999999')).toEqual({ offerId: 999999999999999 });
  });

  it.each([
    null,
    undefined,
    '',
    'TAKE_WAITLIST_OFFER:',
    'TAKE_WAITLIST_OFFER:0',
    'TAKE_WAITLIST_OFFER:07',
    'TAKE_WAITLIST_OFFER:-3',
    'TAKE_WAITLIST_OFFER:+3',
    'TAKE_WAITLIST_OFFER: 3',
    'TAKE_WAITLIST_OFFER:3 ',
    'TAKE_WAITLIST_OFFER:3.5',
    'TAKE_WAITLIST_OFFER:1e3',
    'take_waitlist_offer:3',
    'TAKE_WAITLIST_OFFER:3:4',
    'TAKE_WAITLIST_OFFER:1234567890123456',
    'CONFIRM_APPOINTMENT:3',
    'BOOK_RECALL:3',
  ])('refuses %j', (payload) => {
    expect(parseWaitlistTakePayload(payload)).toBeNull();
  });

  it('refuses to build a payload from an id that is not a positive whole number', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])
      expect(() => waitlistTakePayload(bad)).toThrow(RangeError);
  });

  it('is titled as patients read it', () => {
    expect(WAITLIST_TAKE_TITLE).toBe('Take this slot');
  });
});

describe('the waitlist-updated event', () => {
  it('names a clinic and an entry with positive whole ids', () => {
    expect(waitlistUpdatedPayloadSchema.safeParse({ clinic_id: 1, entry_id: 9 }).success).toBe(true);
    expect(waitlistUpdatedPayloadSchema.safeParse({ clinic_id: 0, entry_id: 9 }).success).toBe(false);
    expect(waitlistUpdatedPayloadSchema.safeParse({ clinic_id: 1, entry_id: '9' }).success).toBe(false);
  });
});
