import { describe, expect, it } from 'vitest';
import { overpayment } from './payment-form';

describe('overpayment', () => {
  it('warns with the excess and the balance', () => {
    expect(overpayment(150_000, 100_000)).toBe('This is ₱500.00 more than the balance of ₱1,000.00.');
  });

  it('says nothing when the amount fits or the balance is unknown', () => {
    expect(overpayment(100_000, 100_000)).toBeNull();
    expect(overpayment(1, 100_000)).toBeNull();
    expect(overpayment(100_000, null)).toBeNull();
  });

  it('treats an invoice already paid (or overpaid) as owing nothing', () => {
    expect(overpayment(2_000, 0)).toBe('This is ₱20.00 more than the balance of ₱0.00.');
    expect(overpayment(2_000, -500)).toBe('This is ₱20.00 more than the balance of ₱0.00.');
  });

  it('is exact in centavos: ₱0.30 owed, ₱0.10 + ₱0.20 paid fits', () => {
    expect(overpayment(20, 30 - 10)).toBeNull();
    expect(overpayment(21, 20)).toBe('This is ₱0.01 more than the balance of ₱0.20.');
  });
});
