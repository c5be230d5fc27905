/**
 * A failed invoice or payment insert as the spec's alert: 'Error adding invoice: {message or
 * Unknown}', 'Network error while adding invoice.', 'Error: {message}'. The message is the words
 * for the database's refusal, told by its code; other failures get a short text of ours by kind,
 * and raw server texts (constraint names, SQL) never reach the screen. Pure.
 */
import { databaseErrorCodeOf } from '@common/contract/error-codes';
import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import { EarlierSaveDiffers } from './earlier-save';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from './messages';

/**
 * The reason to show after the spec's prefix: the words for the database's code whenever it gave
 * one (src/lib/refusal-text.ts), else what the kind of failure tells; null when nothing is known
 * (the spec's 'Unknown').
 */
function reasonOf(error: unknown): string | null {
  if (error instanceof EarlierSaveDiffers) return BILLING_EXTRA_TEXT.savedEarlier(error.kind, error.id);
  const failure = requestErrorOf(error);
  const refusal = refusalTextOf(failure.cause);
  if (refusal !== undefined) return refusal;
  switch (failure.kind) {
    case 'forbidden':
      return BILLING_EXTRA_TEXT.forbiddenMessage;
    case 'unauthenticated':
      return BILLING_EXTRA_TEXT.sessionEnded;
    case 'constraint':
      return BILLING_EXTRA_TEXT.refusedAmount;
    default:
      return failure.code === '23503' ? BILLING_EXTRA_TEXT.unknownPatientOrInvoice : null;
  }
}

/**
 * The database refused a payment above the invoice's balance because the user had not accepted
 * one: the balance changed since it was read, so the form warns again and asks for 'Add Payment
 * anyway'.
 */
export function isAboveBalance(error: unknown): boolean {
  return databaseErrorCodeOf(requestErrorOf(error).cause) === 'payment_above_balance';
}

/**
 * The database refused an accepted overpayment because the invoice no longer owes what the user
 * was warned of: the form tells so, and warns again with the new balance.
 */
export function isBalanceChanged(error: unknown): boolean {
  return databaseErrorCodeOf(requestErrorOf(error).cause) === 'payment_balance_changed';
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
