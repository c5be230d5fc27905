import { memo, type ComponentType } from 'react';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { formatPesos } from '@/entities/money';
import type { InvoiceListRow } from '../../model/api/billing-columns';
import { AvailmentFormLink } from '../../model/components/availment-form-link';
import { InvoiceStatusBadge } from '../../model/components/invoice-status-badge';
import { BILLING_TEXT } from '../../model/messages';
import { BillingTable, type BillingColumn, type BillingRead } from './billing-table';

const { invoiceColumns } = BILLING_TEXT;
const COLUMNS: readonly BillingColumn[] = [
  { className: 'billing-col-id', header: invoiceColumns.id },
  { className: 'billing-col-patient', header: invoiceColumns.patient },
  { className: 'billing-col-money', header: invoiceColumns.total, alignEnd: true },
  { className: 'billing-col-status', header: invoiceColumns.status },
  { className: 'billing-col-invoice-actions', header: invoiceColumns.actions, alignEnd: true },
];

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
        {invoice.hmo_share_centavos > 0 ? <AvailmentFormLink invoiceId={invoice.id} /> : null}
        <VoidAction invoice={invoice} />
      </td>
    </tr>
  );
});

/**
 * The Invoices table: ID, Patient, Total, Status, Actions ('Add Payment'; 'Availment form'
 * for an invoice the HMO pays part of; 'Void' for admins). Total is what the patient owes, the
 * spec's amount alone (what the HMO pays shows on the receipt, the availment form and HMO claims).
 * A void invoice stays listed, struck through, with the 'Void' badge and no Add Payment.
 * Windowed in its own scroll box.
 */
export function InvoicesTable({
  invoices,
  read,
  onAddPayment,
  VoidAction,
}: {
  /** The rows to show (already filtered). */
  invoices: readonly InvoiceListRow[];
  read: BillingRead;
  onAddPayment: (invoice: InvoiceListRow) => void;
  VoidAction: InvoiceVoidAction;
}) {
  return (
    <BillingTable
      kind="invoices"
      rows={invoices}
      columns={COLUMNS}
      read={read}
      renderRow={(invoice, rowIndex) => (
        <InvoiceRow
          key={invoice.id}
          invoice={invoice}
          rowIndex={rowIndex}
          onAddPayment={onAddPayment}
          VoidAction={VoidAction}
        />
      )}
    />
  );
}
