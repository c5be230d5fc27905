/**
 * A failed invoice or payment insert as the spec's alert (§8): 'Error adding invoice: {message or
 * Unknown}', 'Network error while adding invoice.', 'Error: {message}'. The message is the
 * database's own words only for the refusals the billing migration words for people (its
 * triggers); other failures get a short text of ours by kind, and raw server texts (constraint
 * names, SQL) never reach the screen. Pure.
 */
import { requestErrorOf } from '@/lib/request-error';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from './messages';

/** Refusals raised by supabase/migrations/…_billing.sql for inserts, worded for the screen. */
export const DATABASE_REFUSALS: readonly string[] = [
  'The appointment belongs to another patient.',
  'This appointment already has an invoice.',
  'This invoice is void; it takes no more payments.',
];

function serverMessage(cause: unknown): string | undefined {
  if (typeof cause === 'object' && cause !== null && 'message' in cause && typeof cause.message === 'string')
    return cause.message.trim();
  return undefined;
}

/** The reason to show after the spec's prefix, or null when there is nothing better than 'Unknown'. */
function reasonOf(error: unknown): string | null {
  const failure = requestErrorOf(error);
  const said = serverMessage(failure.cause);
  if (said !== undefined && DATABASE_REFUSALS.includes(said)) return said;
  if (failure.kind === 'forbidden') return BILLING_EXTRA_TEXT.forbiddenMessage;
  if (failure.code === '23503') return BILLING_EXTRA_TEXT.unknownPatientOrInvoice;
  if (failure.kind === 'constraint') return BILLING_EXTRA_TEXT.refusedAmount;
  return null;
}

/**
 * The database refused a payment above the invoice's balance because the user had not accepted
 * one (PT409 from the payments insert): the balance changed since it was read, so the form warns
 * again and asks for 'Add Payment anyway'.
 */
export function isAboveBalance(error: unknown): boolean {
  return requestErrorOf(error).code === 'PT409';
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
