/**
 * A failed invoice or payment insert as the spec's alert (§8): 'Error adding invoice: {message or
 * Unknown}', 'Network error while adding invoice.', 'Error: {message}'. The message is the
 * spec's sentence for a billing trigger's refusal, told by its code; other failures get a short
 * text of ours by kind, and raw server texts (constraint names, SQL) never reach the screen. Pure.
 */
import { databaseErrorCodeOf, type DatabaseErrorCode } from '@common/contract/error-codes';
import { requestErrorOf } from '@/lib/request-error';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from './messages';

/**
 * The refusals of supabase/migrations' billing triggers that the screen words as the spec does,
 * by the code the database sends with them (its `hint`).
 */
export const DATABASE_REFUSAL_TEXT: Readonly<Partial<Record<DatabaseErrorCode, string>>> = {
  invoice_patient_mismatch: 'The appointment belongs to another patient.',
  appointment_already_billed: 'This appointment already has an invoice.',
  invoice_void: 'This invoice is void; it takes no more payments.',
};

/** The reason to show after the spec's prefix, or null when there is nothing better than 'Unknown'. */
function reasonOf(error: unknown): string | null {
  const failure = requestErrorOf(error);
  const code = databaseErrorCodeOf(failure.cause);
  const refusal = code === undefined ? undefined : DATABASE_REFUSAL_TEXT[code];
  if (refusal !== undefined) return refusal;
  if (failure.kind === 'forbidden') return BILLING_EXTRA_TEXT.forbiddenMessage;
  if (failure.code === '23503') return BILLING_EXTRA_TEXT.unknownPatientOrInvoice;
  if (failure.kind === 'constraint') return BILLING_EXTRA_TEXT.refusedAmount;
  return null;
}

/**
 * The database refused a payment above the invoice's balance because the user had not accepted
 * one: the balance changed since it was read, so the form warns again and asks for 'Add Payment
 * anyway'.
 */
export function isAboveBalance(error: unknown): boolean {
  return databaseErrorCodeOf(requestErrorOf(error).cause) === 'payment_above_balance';
}

export function isUnreachable(error: unknown): boolean {
  return requestErrorOf(error).kind === 'unreachable';
}

export function invoiceFailureText(error: unknown): string {
  if (isUnreachable(error)) return BILLING_TEXT.invoiceNetworkError;
  return BILLING_TEXT.invoiceFailed(reasonOf(error));
}

export function paymentFailureText(error: unknown): string {
  if (isUnreachable(error)) return BILLING_TEXT.paymentFailed(BILLING_EXTRA_TEXT.networkMessage);
  return BILLING_TEXT.paymentFailed(reasonOf(error) ?? 'Unknown');
}
