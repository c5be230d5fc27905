/**
 * Add Payment as a use case: with the form's fields checked (api/add-payment.schema.ts), warn
 * before an amount above the invoice's balance as the database has it now, and write. Only a
 * confirmed save tells the database it accepts an overpayment, and only at the balance its warning
 * named: when the balance changed meanwhile, the database refuses the payment (payment_above_balance
 * unconfirmed, payment_balance_changed confirmed) and the form warns again with the new balance, so
 * nothing is saved against figures the user did not see. No React: the balance reads and the write
 * are passed in (./components/use-add-payment-submission.ts).
 */
import type { AlreadyPending } from '@/lib/keyed-guard';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { isAboveBalance, isBalanceChanged, paymentFailureText } from '../model/failure-text';
import { BILLING_EXTRA_TEXT } from '../model/messages';
import type { NewPayment } from './api/add-payment';
import type { InvoiceBalance } from './api/get-invoice-balance';
import { overpayment, owedCentavos, type PaymentFields } from './payment-form';

export interface PaymentTarget {
  readonly invoiceId: number;
  readonly patientId: number;
  /** One per opened form, kept across retries. */
  readonly idempotencyKey: string;
}

export interface PaymentDependencies {
  /** The invoice's balance: the one read when the form opened, or read now when there is none. */
  currentBalance(): Promise<InvoiceBalance | null | undefined>;
  /** The invoice's balance read again (the form's balance line shows it too). */
  freshBalance(): Promise<InvoiceBalance | null | undefined>;
  /** The write; ALREADY_PENDING when the same form's save is in flight. */
  save(payment: NewPayment): Promise<{ id: number } | AlreadyPending>;
  /** Tells the form the write starts. */
  progress?(step: 'saving'): void;
}

/** Above the balance: nothing written; 'Add Payment anyway' saves `fields` accepting the excess the warning names. */
export interface OverpaymentWarning {
  readonly type: 'confirm-overpayment';
  readonly fields: PaymentFields;
  /** 'This is ₱X more than the balance of ₱Y.' */
  readonly text: string;
  /** ₱Y in centavos: the confirmed save accepts the overpayment at this balance only. */
  readonly balanceCentavos: number;
  /** Why the form asks again: the balance changed after 'Add Payment anyway' was pressed. */
  readonly notice: string | null;
}

export type PaymentOutcome =
  | OverpaymentWarning
  | { readonly type: 'saved'; readonly paymentId: number }
  | { readonly type: 'already-pending' }
  | { readonly type: 'failed'; readonly text: string };

function warningAt(
  fields: PaymentFields,
  balanceCentavos: number | null | undefined,
  notice: string | null,
): OverpaymentWarning | null {
  const text = overpayment(fields.amountCentavos, balanceCentavos);
  if (text === null || balanceCentavos === null || balanceCentavos === undefined) return null;
  return { type: 'confirm-overpayment', fields, text, balanceCentavos: owedCentavos(balanceCentavos), notice };
}

/**
 * Saves checked fields; `acceptedBalanceCentavos` only after the user confirmed the warning about
 * that balance (null otherwise).
 */
export async function savePayment(
  fields: PaymentFields,
  acceptedBalanceCentavos: number | null,
  target: PaymentTarget,
  deps: PaymentDependencies,
): Promise<PaymentOutcome> {
  deps.progress?.('saving');
  try {
    const result = await deps.save({ ...fields, ...target, acceptedBalanceCentavos });
    if (result === ALREADY_PENDING) return { type: 'already-pending' };
    return { type: 'saved', paymentId: result.id };
  } catch (error) {
    const changed = isBalanceChanged(error);
    if (changed || isAboveBalance(error)) {
      // Warned again only with figures to accept; without them (the balance unreadable, or the
      // amount fits it now), the refusal's words, and Add Payment checks again.
      const fresh = await deps.freshBalance();
      const warning = warningAt(fields, fresh?.balance_centavos, changed ? BILLING_EXTRA_TEXT.balanceChanged : null);
      if (warning) return warning;
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
  return warningAt(fields, balance?.balance_centavos, null) ?? savePayment(fields, null, target, deps);
}
