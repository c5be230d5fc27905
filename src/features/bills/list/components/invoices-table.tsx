import { memo, type ComponentType } from 'react';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { formatPesos } from '@/entities/money';
import { useRowWindow } from '@/lib/use-row-window';
import type { InvoiceListRow } from '../../model/api/billing-columns';
import { InvoiceStatusBadge } from '../../model/components/invoice-status-badge';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { SpacerRow } from './spacer-row';
import { tablePlaceholder } from './table-placeholder';

/** Every row is exactly this tall (billing.css), so the rows on screen follow from the scroll position. */
export const INVOICE_ROW_HEIGHT = 48;
const COLUMN_COUNT = 5;

export type InvoiceVoidAction = ComponentType<{ invoice: InvoiceListRow }>;

const InvoiceRow = memo(function InvoiceRow({
  invoice,
  rowIndex,
  onAddPayment,
  VoidAction,
}: {
  invoice: InvoiceListRow;
  rowIndex: number;
  onAddPayment: (invoice: InvoiceListRow) => void;
  VoidAction: InvoiceVoidAction;
}) {
  const voided = invoice.voided_at !== null;
  return (
    <tr
      aria-rowindex={rowIndex}
      data-invoice-id={invoice.id}
      className={voided ? 'billing-row is-void' : 'billing-row'}
      title={voided && invoice.void_reason ? `Void: ${invoice.void_reason}` : undefined}
    >
      <td className="billing-cell-id">{invoice.id}</td>
      <td className="billing-cell-patient">
        <TruncatedText text={invoice.patient_name} className="billing-patient-name" />
      </td>
      <td className="billing-cell-money">{formatPesos(invoice.total_centavos)}</td>
      <td className="billing-cell-status">
        <InvoiceStatusBadge status={invoice.status} voided={voided} />
      </td>
      <td className="billing-cell-actions">
        {voided ? null : (
          <button type="button" className="button button-secondary button-small" onClick={() => onAddPayment(invoice)}>
            {BILLING_TEXT.addPayment}
          </button>
        )}
        <VoidAction invoice={invoice} />
      </td>
    </tr>
  );
});

/**
 * The Invoices table (spec §2): ID, Patient, Total, Status, Actions ('Add Payment'; 'Void' for
 * admins). A void invoice stays listed, struck through, with the 'Void' badge and no Add Payment.
 * Windowed in its own scroll box.
 */
export function InvoicesTable({
  invoices,
  filtered,
  status,
  onAddPayment,
  onRetry,
  VoidAction,
}: {
  /** The rows to show (already filtered). */
  invoices: readonly InvoiceListRow[];
  /** A search or status filter is on (for the empty text). */
  filtered: boolean;
  status: 'loading' | 'failed' | 'ready';
  onAddPayment: (invoice: InvoiceListRow) => void;
  onRetry: () => void;
  VoidAction: InvoiceVoidAction;
}) {
  const count = status === 'ready' ? invoices.length : 0;
  const { scrollRef, bodyRef, start, end } = useRowWindow(count, INVOICE_ROW_HEIGHT, 'box');

  const placeholder = tablePlaceholder({
    status,
    count,
    filtered,
    onRetry,
    texts: {
      failed: BILLING_EXTRA_TEXT.invoicesFailed,
      noMatch: BILLING_EXTRA_TEXT.noInvoiceMatch,
      none: BILLING_TEXT.noInvoices,
    },
  });

  return (
    <div ref={scrollRef} className="billing-table-scroll" data-testid="invoices-scroll">
      <table
        className="data-table billing-table billing-invoices-table"
        aria-label={BILLING_TEXT.invoicesTable}
        aria-rowcount={count + 1}
        aria-busy={status === 'loading' || undefined}
        data-count={count}
      >
        <colgroup>
          <col className="billing-col-id" />
          <col className="billing-col-patient" />
          <col className="billing-col-money" />
          <col className="billing-col-status" />
          <col className="billing-col-invoice-actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">{BILLING_TEXT.invoiceColumns.id}</th>
            <th scope="col">{BILLING_TEXT.invoiceColumns.patient}</th>
            <th scope="col" className="align-end">
              {BILLING_TEXT.invoiceColumns.total}
            </th>
            <th scope="col">{BILLING_TEXT.invoiceColumns.status}</th>
            <th scope="col" className="align-end">
              {BILLING_TEXT.invoiceColumns.actions}
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {placeholder ? (
            <tr>
              <td colSpan={COLUMN_COUNT} className="billing-placeholder">
                {placeholder}
              </td>
            </tr>
          ) : (
            <>
              <SpacerRow rows={start} rowHeight={INVOICE_ROW_HEIGHT} columns={COLUMN_COUNT} />
              {invoices.slice(start, end).map((invoice, offset) => (
                <InvoiceRow
                  key={invoice.id}
                  invoice={invoice}
                  rowIndex={start + offset + 2}
                  onAddPayment={onAddPayment}
                  VoidAction={VoidAction}
                />
              ))}
              <SpacerRow rows={count - end} rowHeight={INVOICE_ROW_HEIGHT} columns={COLUMN_COUNT} />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
