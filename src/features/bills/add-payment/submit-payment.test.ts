import { describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../model/messages';
import type { InvoiceBalance } from './api/get-invoice-balance';
import type { PaymentFields } from './payment-form';
import { savePayment, submitPayment, type PaymentDependencies } from './submit-payment';

const TARGET = { invoiceId: 31, patientId: 11, idempotencyKey: 'key-1' };

const balanceOf = (balanceCentavos: number): InvoiceBalance => ({
  id: 31,
  patient_id: 11,
  total_centavos: 200_000,
  paid_centavos: 200_000 - balanceCentavos,
  balance_centavos: balanceCentavos,
  status: 'Partial',
  voided_at: null,
});

function fakes(options: { balance?: number; fresh?: number; save?: () => Promise<unknown> } = {}) {
  const progress: string[] = [];
  const save = vi.fn(options.save ?? (async () => ({ id: 901 })));
  const deps: PaymentDependencies = {
    currentBalance: async () => balanceOf(options.balance ?? 50_000),
    freshBalance: async () => (options.fresh === undefined ? null : balanceOf(options.fresh)),
    save: save as PaymentDependencies['save'],
    progress: (step) => void progress.push(step),
  };
  return { deps, save, progress };
}

/** The database's refusal of an unconfirmed payment above the balance, as the client throws it. */
const aboveBalance = () =>
  toRequestError({ code: 'PT409', message: 'above the balance', hint: 'payment_above_balance' }, 409);

/** The database's refusal of an overpayment accepted at a balance the invoice no longer has. */
const balanceChanged = () =>
  toRequestError({ code: 'PT409', message: 'balance changed', hint: 'payment_balance_changed' }, 409);

const paying = (amountCentavos: number): PaymentFields => ({
  amountCentavos,
  method: 'cash',
  reference: 'GC-1',
  notes: null,
});

describe('Add Payment', () => {
  it('warns before an amount above the balance and writes nothing until confirmed', async () => {
    const fake = fakes({ balance: 50_000 });
    const outcome = await submitPayment(paying(60_000), TARGET, fake.deps);

    expect(outcome).toEqual({
      type: 'confirm-overpayment',
      fields: { amountCentavos: 60_000, method: 'cash', reference: 'GC-1', notes: null },
      text: 'This is ₱100.00 more than the balance of ₱500.00.',
      balanceCentavos: 50_000,
      notice: null,
    });
    expect(fake.save).not.toHaveBeenCalled();
    expect(fake.progress).toEqual([]);
  });

  it('saves a confirmed overpayment, telling the database the balance it is accepted at', async () => {
    const fake = fakes();
    const fields = { amountCentavos: 60_000, method: 'cash' as const, reference: null, notes: null };
    const outcome = await savePayment(fields, 50_000, TARGET, fake.deps);

    expect(outcome).toEqual({ type: 'saved', paymentId: 901 });
    expect(fake.save).toHaveBeenCalledWith({ ...fields, ...TARGET, acceptedBalanceCentavos: 50_000 });
  });

  it('warns of an invoice paid in full or more as owing ₱0.00, the balance the overpayment is accepted at', async () => {
    const fake = fakes({ balance: -20_000 });
    const outcome = await submitPayment(paying(1_000), TARGET, fake.deps);

    expect(outcome).toMatchObject({
      type: 'confirm-overpayment',
      text: 'This is ₱10.00 more than the balance of ₱0.00.',
      balanceCentavos: 0,
    });
  });

  it('saves an amount within the balance unconfirmed, with the form’s idempotency key', async () => {
    const fake = fakes({ balance: 50_000 });
    const outcome = await submitPayment(paying(50_000), TARGET, fake.deps);

    expect(outcome).toEqual({ type: 'saved', paymentId: 901 });
    expect(fake.save).toHaveBeenCalledWith({
      amountCentavos: 50_000,
      method: 'cash',
      reference: 'GC-1',
      notes: null,
      ...TARGET,
      acceptedBalanceCentavos: null,
    });
    expect(fake.progress).toEqual(['saving']);
  });

  it('warns again with the new balance when the database refuses by its code (payment_above_balance)', async () => {
    const fake = fakes({ balance: 50_000, fresh: 20_000, save: () => Promise.reject(aboveBalance()) });
    const outcome = await submitPayment(paying(50_000), TARGET, fake.deps);

    expect(outcome).toMatchObject({
      type: 'confirm-overpayment',
      text: 'This is ₱300.00 more than the balance of ₱200.00.',
      balanceCentavos: 20_000,
      notice: null,
    });
  });

  it('says the balance changed and warns again with the new one when a confirmed overpayment meets another', async () => {
    const fake = fakes({ fresh: 0, save: () => Promise.reject(balanceChanged()) });
    const outcome = await savePayment(paying(120_000), 100_000, TARGET, fake.deps);

    expect(outcome).toEqual({
      type: 'confirm-overpayment',
      fields: paying(120_000),
      text: 'This is ₱1,200.00 more than the balance of ₱0.00.',
      balanceCentavos: 0,
      notice: BILLING_EXTRA_TEXT.balanceChanged,
    });
  });

  it('offers nothing to accept when the new balance cannot be read, or the amount fits it now', async () => {
    for (const [refusal, fresh] of [
      [aboveBalance, undefined],
      [balanceChanged, undefined],
      [balanceChanged, 200_000],
    ] as const) {
      const fake = fakes({ fresh, save: () => Promise.reject(refusal()) });
      const outcome = await savePayment(paying(120_000), fresh === undefined ? null : 100_000, TARGET, fake.deps);
      expect(outcome).toEqual({ type: 'failed', text: expect.stringMatching(/^Error: /) });
    }
  });

  it('reports other failures with the spec’s text', async () => {
    const fake = fakes({ save: () => Promise.reject(new RequestError('unreachable')) });
    const outcome = await submitPayment(paying(50_000), TARGET, fake.deps);

    expect(outcome).toEqual({
      type: 'failed',
      text: BILLING_TEXT.paymentFailed(BILLING_EXTRA_TEXT.networkMessage),
    });
  });

  it('does nothing more when the same save is in flight', async () => {
    const fake = fakes({ save: async () => ALREADY_PENDING });
    expect(await submitPayment(paying(50_000), TARGET, fake.deps)).toEqual({ type: 'already-pending' });
  });
});
