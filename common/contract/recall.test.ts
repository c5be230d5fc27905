import { describe, expect, it } from 'vitest';
import { recallUpdatedPayloadSchema } from './realtime';
import { parseRecallBookPayload, recallBookPayload } from './recall';

describe("the recall's Book payload", () => {
  it('names the recall and parses back to it', () => {
    expect(recallBookPayload(42)).toBe('BOOK_RECALL:42');
    expect(parseRecallBookPayload('BOOK_RECALL:42')).toEqual({ recallId: 42 });
  });

  it('is parsed strictly: anything else is not a Book tap', () => {
    for (const payload of [
      null,
      undefined,
      '',
      'BOOK_RECALL:',
      'BOOK_RECALL:0',
      'BOOK_RECALL:007',
      'BOOK_RECALL:-1',
      'BOOK_RECALL:1.5',
      'BOOK_RECALL: 12',
      'BOOK_RECALL:12 ',
      'book_recall:12',
      'BOOK_RECALL:1234567890123456',
      'CONFIRM_APPOINTMENT:12',
      'TAKE_WAITLIST_SLOT:12',
    ])
      expect(parseRecallBookPayload(payload)).toBeNull();
  });

  it('refuses to build a payload for an id that is not a positive whole number', () => {
    expect(() => recallBookPayload(0)).toThrow(RangeError);
    expect(() => recallBookPayload(1.5)).toThrow(RangeError);
  });
});

describe('the recall-updated event', () => {
  it('carries the table, operation and ids, and nothing malformed passes', () => {
    const event = { table: 'recall_requests', op: 'INSERT', id: 3, clinic_id: 1, patient_id: 9 };
    expect(recallUpdatedPayloadSchema.safeParse(event).success).toBe(true);
    expect(recallUpdatedPayloadSchema.safeParse({ ...event, table: 'appointments' }).success).toBe(false);
    // A rename: the list names patients.
    const rename = { table: 'patients', op: 'UPDATE', id: 9, clinic_id: 1, patient_id: 9 };
    expect(recallUpdatedPayloadSchema.safeParse(rename).success).toBe(true);
    expect(recallUpdatedPayloadSchema.safeParse({ ...event, clinic_id: 0 }).success).toBe(false);
    expect(recallUpdatedPayloadSchema.safeParse({ ...event, op: 'DELETE' }).success).toBe(false);
  });
});
