/**
 * Add Payment as a use case: with the form's fields checked (api/add-payment.schema.ts), warn
 * before an amount above the invoice's balance as the database has it now, and write. Only a
 * confirmed save tells the database it accepts an overpayment; when the balance shrank meanwhile,
 * the database refuses the unconfirmed one (payment_above_balance) and the form warns again with
 * the new balance. No React: the balance reads and the write are passed in
 * (./components/use-add-payment-submission.ts).
 */
import type { AlreadyPending } from '@/lib/keyed-guard';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { isAboveBalance, paymentFailureText } from '../model/failure-text';
import { BILLING_EXTRA_TEXT } from '../model/messages';
import type { NewPayment } from './api/add-payment';
import type { InvoiceBalance } from './api/get-invoice-balance';
import { overpayment, type PaymentFields } from './payment-form';

export interface PaymentTarget {
  readonly invoiceId: number;
  readonly patientId: number;
  /** One per opened form, kept across retries. */
  readonly idempotencyKey: string;
}

export interface PaymentDependencies {
  /** The invoice's balance: the one read when the form opened, or read now when there is none. */
  currentBalance(): Promise<InvoiceBalance | null | undefined>;
  /** The invoice's balance read again. */
  freshBalance(): Promise<InvoiceBalance | null | undefined>;
  /** The write; ALREADY_PENDING when the same form's save is in flight. */
  save(payment: NewPayment): Promise<{ id: number } | AlreadyPending>;
  /** Tells the form the write starts. */
  progress?(step: 'saving'): void;
}

export type PaymentOutcome =
  /** Above the balance: nothing written; 'Add Payment anyway' saves `fields` with the overpayment accepted. */
  | { readonly type: 'confirm-overpayment'; readonly fields: PaymentFields; readonly text: string }
  | { readonly type: 'saved'; readonly paymentId: number }
  | { readonly type: 'already-pending' }
  | { readonly type: 'failed'; readonly text: string };

/** Saves checked fields; `acceptOverpayment` only after the user confirmed the warning. */
export async function savePayment(
  fields: PaymentFields,
  acceptOverpayment: boolean,
  target: PaymentTarget,
  deps: PaymentDependencies,
): Promise<PaymentOutcome> {
  deps.progress?.('saving');
  try {
    const result = await deps.save({ ...fields, ...target, acceptOverpayment });
    if (result === ALREADY_PENDING) return { type: 'already-pending' };
    return { type: 'saved', paymentId: result.id };
  } catch (error) {
    if (!acceptOverpayment && isAboveBalance(error)) {
      const fresh = await deps.freshBalance();
      const text = overpayment(fields.amountCentavos, fresh?.balance_centavos);
      return { type: 'confirm-overpayment', fields, text: text ?? BILLING_EXTRA_TEXT.overpayUnknownBalance };
    }
    return { type: 'failed', text: paymentFailureText(error) };
  }
}

/** Add Payment pressed with a form that checks: the overpayment warned about, or the payment saved. */
export async function submitPayment(
  fields: PaymentFields,
  target: PaymentTarget,
  deps: PaymentDependencies,
): Promise<PaymentOutcome> {
  // The balance as the database has it now (another device may have taken a payment).
  const balance = await deps.currentBalance();
  const text = overpayment(fields.amountCentavos, balance?.balance_centavos);
  if (text) return { type: 'confirm-overpayment', fields, text };
  return savePayment(fields, false, target, deps);
}
