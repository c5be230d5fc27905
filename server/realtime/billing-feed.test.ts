import { describe, expect, it } from 'vitest';
import type { BillingUpdatedPayload } from '@common/contract';
import { parseBillingNotice } from './billing-feed';

const notice = {
  table: 'payments',
  op: 'INSERT',
  id: 12,
  clinic_id: 3,
  invoice_id: 7,
} satisfies BillingUpdatedPayload;

describe('parseBillingNotice', () => {
  it("when the payload is the trigger's JSON, then it is read", () => {
    expect(parseBillingNotice(JSON.stringify(notice))).toEqual(notice);
  });

  it('when the payload is a renamed patient of the clinic, then it is read', () => {
    const renamed = { table: 'patients', op: 'UPDATE', id: 41, clinic_id: 3, invoice_id: null };
    expect(parseBillingNotice(JSON.stringify(renamed))).toEqual(renamed);
  });

  it.each([
    ['not JSON', 'hello'],
    ['JSON but not an object', '42'],
    ['another table', JSON.stringify({ ...notice, table: 'appointments' })],
    ['no invoice id', JSON.stringify({ ...notice, invoice_id: undefined })],
    ['a text clinic id', JSON.stringify({ ...notice, clinic_id: '3' })],
  ])('when the payload is %s, then it is ignored', (_, payload) => {
    expect(parseBillingNotice(payload)).toBeNull();
  });
});
