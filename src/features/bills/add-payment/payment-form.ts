/**
 * The Add Payment form: what it holds, what it hands the insert once checked
 * (api/add-payment.schema.ts), and the warning before a payment larger than the balance. Pure.
 */
import { formatPesos } from '@/entities/money';
import { overpayWarning } from '../model/messages';
import type { PaymentMethod } from '../model/payment-methods';

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

/**
 * What an invoice still owes: its balance, ₱0.00 once paid in full or more. An overpayment is
 * accepted at this figure (payments.accepted_balance), as its warning names it.
 */
export function owedCentavos(balanceCentavos: number): number {
  return Math.max(0, balanceCentavos);
}

/**
 * The warning when the amount is more than what is still owed (`owedCentavos`): 'This is ₱X more
 * than the balance of ₱Y.' Null when the amount fits, or when the balance is not known.
 */
export function overpayment(amountCentavos: number, balanceCentavos: number | null | undefined): string | null {
  if (balanceCentavos === null || balanceCentavos === undefined) return null;
  const owed = owedCentavos(balanceCentavos);
  if (amountCentavos <= owed) return null;
  return overpayWarning(formatPesos(amountCentavos - owed), formatPesos(owed));
}
