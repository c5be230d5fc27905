import { describe, expect, it } from 'vitest';
import { checkPaymentForm, EMPTY_PAYMENT_FORM, overpayment } from './payment-form';

const form = (overrides: Partial<typeof EMPTY_PAYMENT_FORM>) => ({ ...EMPTY_PAYMENT_FORM, ...overrides });

describe('the Add Payment form', () => {
  it('reads what a receptionist types, blank optional fields as null', () => {
    expect(checkPaymentForm(form({ amount: '1,500', method: 'e-wallet', reference: '  GC-123 ', notes: ' ' }))).toEqual(
      {
        ok: true,
        fields: { amountCentavos: 150_000, method: 'e-wallet', reference: 'GC-123', notes: null },
      },
    );
    expect(checkPaymentForm(form({ amount: '1500.5' }))).toMatchObject({
      ok: true,
      fields: { amountCentavos: 150_050 },
    });
  });

  it.each([
    ['', 'Amount is required.'],
    ['abc', 'Amount must be a number of pesos, like 1,500 or 1500.50.'],
    ['1e3', 'Amount must be a number of pesos, like 1,500 or 1500.50.'],
    ['0', 'Amount must be more than ₱0.00.'],
    ['-5', 'Amount must be more than ₱0.00.'],
    ['1.005', 'Amount can have at most 2 decimals (centavos).'],
    ['10000000000', 'Amount can be at most ₱9,999,999,999.99.'],
  ])('refuses the amount "%s" at its field', (amount, message) => {
    expect(checkPaymentForm(form({ amount }))).toEqual({ ok: false, errors: { amount: message } });
  });

  it('refuses an unknown method and texts longer than the database keeps', () => {
    const check = checkPaymentForm(
      form({ amount: '5', method: 'cheque', reference: 'R'.repeat(101), notes: 'n'.repeat(1001) }),
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        method: 'Method is required.',
        reference: 'Reference # can be at most 100 characters.',
        notes: 'Notes can be at most 1000 characters.',
      },
    });
  });

  it('counts characters as the database does (an emoji is one)', () => {
    expect(checkPaymentForm(form({ amount: '5', notes: '😀'.repeat(1000) })).ok).toBe(true);
  });
});

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
