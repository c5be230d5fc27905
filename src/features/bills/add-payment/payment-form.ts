/**
 * The Add Payment form's rules (spec §5: amount required; §9: methods, step 0.01), the insert it
 * makes, and the warning before a payment larger than the balance. Pure.
 */
import { formatPesos } from '@/entities/money';
import { readAmount } from '../model/amount-input';
import { BILLING_EXTRA_TEXT, BILLING_TEXT, overpayWarning } from '../model/messages';
import { isPaymentMethod, type PaymentMethod } from '../model/payment-methods';

/** The database's limits (payments.reference_number and payments.notes check constraints). */
export const PAYMENT_LIMITS = { reference: 100, notes: 1000 } as const;

export interface PaymentFormValues {
  amount: string;
  method: string;
  reference: string;
  notes: string;
}

export const EMPTY_PAYMENT_FORM: PaymentFormValues = { amount: '', method: 'cash', reference: '', notes: '' };

export interface PaymentFields {
  amountCentavos: number;
  method: PaymentMethod;
  /** Blank is stored as null (the column refuses blank text). */
  reference: string | null;
  notes: string | null;
}

export type PaymentFieldErrors = Partial<Record<keyof PaymentFormValues, string>>;

export type PaymentFormCheck = { ok: true; fields: PaymentFields } | { ok: false; errors: PaymentFieldErrors };

function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Code points, as the database's char_length counts them. */
const lengthOf = (text: string) => [...text].length;

export function checkPaymentForm(values: PaymentFormValues): PaymentFormCheck {
  const errors: PaymentFieldErrors = {};
  const amount = readAmount(BILLING_TEXT.fields.amount, values.amount);
  if (!amount.ok) errors.amount = amount.message;
  if (!isPaymentMethod(values.method)) errors.method = `${BILLING_TEXT.fields.method} is required.`;
  const reference = optionalText(values.reference);
  if (reference !== null && lengthOf(reference) > PAYMENT_LIMITS.reference)
    errors.reference = BILLING_EXTRA_TEXT.tooLong(BILLING_TEXT.fields.reference, PAYMENT_LIMITS.reference);
  const notes = optionalText(values.notes);
  if (notes !== null && lengthOf(notes) > PAYMENT_LIMITS.notes)
    errors.notes = BILLING_EXTRA_TEXT.tooLong(BILLING_TEXT.fields.notes, PAYMENT_LIMITS.notes);
  if (!amount.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: { amountCentavos: amount.centavos, method: values.method as PaymentMethod, reference, notes },
  };
}

/**
 * The warning when the amount is more than what is still owed: 'This is ₱X more than the balance
 * of ₱Y.' An invoice already paid in full (balance zero or below) owes ₱0.00. Null when the amount
 * fits, or when the balance is not known.
 */
export function overpayment(amountCentavos: number, balanceCentavos: number | null | undefined): string | null {
  if (balanceCentavos === null || balanceCentavos === undefined) return null;
  const owed = Math.max(0, balanceCentavos);
  if (amountCentavos <= owed) return null;
  return overpayWarning(formatPesos(amountCentavos - owed), formatPesos(owed));
}
