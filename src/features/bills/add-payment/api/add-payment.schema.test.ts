import { describe, expect, it } from 'vitest';
import { EMPTY_PAYMENT_FORM } from '../payment-form';
import { addPaymentSchema } from './add-payment.schema';

const form = (overrides: Partial<typeof EMPTY_PAYMENT_FORM>) => ({ ...EMPTY_PAYMENT_FORM, ...overrides });

/** The fields the form sends, or what it shows at each refused field. */
function check(values: typeof EMPTY_PAYMENT_FORM) {
  const parsed = addPaymentSchema.safeParse(values);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

describe('the Add Payment form', () => {
  it('reads what a receptionist types, blank optional fields as null', () => {
    expect(check(form({ amount: '1,500', method: 'e-wallet', reference: '  GC-123 ', notes: ' ' }))).toEqual({
      ok: true,
      fields: { amountCentavos: 150_000, method: 'e-wallet', reference: 'GC-123', notes: null },
    });
    expect(check(form({ amount: '1500.5' }))).toMatchObject({
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
    expect(check(form({ amount }))).toEqual({ ok: false, errors: { amount: message } });
  });

  it('refuses an unknown method and texts longer than the database keeps', () => {
    const checked = check(form({ amount: '5', method: 'cheque', reference: 'R'.repeat(101), notes: 'n'.repeat(1001) }));
    expect(checked).toEqual({
      ok: false,
      errors: {
        method: 'Method is required.',
        reference: 'Reference # can be at most 100 characters.',
        notes: 'Notes can be at most 1000 characters.',
      },
    });
  });

  it('counts characters as the database does (an emoji is one)', () => {
    expect(check(form({ amount: '5', notes: '😀'.repeat(1000) })).ok).toBe(true);
  });
});
