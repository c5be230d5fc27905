import { describe, expect, it } from 'vitest';
import { BILLING_EXTRA_TEXT } from './messages';

describe('the billing counts', () => {
  it('write thousands as the Patients screen does', () => {
    expect(BILLING_EXTRA_TEXT.invoiceCount(9_500, 10_000)).toBe('9,500 of 10,000 invoices');
    expect(BILLING_EXTRA_TEXT.paymentCount(25_000, 25_000)).toBe('25,000 payments');
    expect(BILLING_EXTRA_TEXT.invoiceCount(1, 1)).toBe('1 invoice');
    expect(BILLING_EXTRA_TEXT.newestPayments(100, 25_000)).toBe('Newest 100 of 25,000 payments; reading the rest…');
  });
});
