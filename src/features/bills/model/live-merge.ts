/**
 * A live change merged into a list already read: the rows of the changed invoices as read again
 * replace theirs (a new one joins, one no longer readable leaves), in the list's own order. Pure.
 */
import type { InvoiceListRow, PaymentListRow } from './api/billing-columns';

/** Invoices newest first (by id), as getInvoices reads them. */
export function mergeInvoices(
  list: readonly InvoiceListRow[],
  changedIds: ReadonlySet<number>,
  reread: readonly InvoiceListRow[],
): InvoiceListRow[] {
  return [...list.filter((invoice) => !changedIds.has(invoice.id)), ...reread].sort((a, b) => b.id - a.id);
}

const paymentOrder = (a: PaymentListRow, b: PaymentListRow) =>
  Date.parse(b.payment_date) - Date.parse(a.payment_date) || b.id - a.id;

/** Payments newest first (by payment date, then id), as getPayments reads them: those of the changed invoices replaced. */
export function mergePayments(
  list: readonly PaymentListRow[],
  changedInvoiceIds: ReadonlySet<number>,
  reread: readonly PaymentListRow[],
): PaymentListRow[] {
  return [...list.filter((payment) => !changedInvoiceIds.has(payment.invoice_id)), ...reread].sort(paymentOrder);
}
