import { memo, type ComponentType } from 'react';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { formatPesos } from '@/entities/money';
import type { PaymentListRow } from '../../model/api/billing-columns';
import { InvoiceStatusBadge } from '../../model/components/invoice-status-badge';
import { BILLING_TEXT } from '../../model/messages';
import { paymentMethodLabel } from '../../model/payment-methods';
import { paymentDate } from '../payment-date';
import { BillingTable, type BillingColumn, type BillingRead } from './billing-table';

const { paymentColumns } = BILLING_TEXT;
const COLUMNS: readonly BillingColumn[] = [
  { className: 'billing-col-id', header: paymentColumns.invoiceId },
  { className: 'billing-col-patient', header: paymentColumns.patient },
  { className: 'billing-col-money', header: paymentColumns.amount, alignEnd: true },
  { className: 'billing-col-method', header: paymentColumns.method },
  { className: 'billing-col-reference', header: paymentColumns.reference },
  { className: 'billing-col-date', header: paymentColumns.date },
  { className: 'billing-col-payment-actions', header: paymentColumns.actions, alignEnd: true },
];

export type PaymentActions = ComponentType<{ payment: PaymentListRow }>;

const PaymentRow = memo(function PaymentRow({
  payment,
  rowIndex,
  timeZone,
  Actions,
}: {
  payment: PaymentListRow;
  rowIndex: number;
  timeZone: string;
  Actions: PaymentActions;
}) {
  const voided = payment.voided_at !== null;
  const reference = payment.reference_number ?? '';
  const { date, time, full } = paymentDate(payment.payment_date, timeZone);
  return (
    <tr
      aria-rowindex={rowIndex}
      data-payment-id={payment.id}
      className={voided ? 'billing-row is-void' : 'billing-row'}
      title={voided && payment.void_reason ? `Void: ${payment.void_reason}` : undefined}
    >
      <td className="billing-cell-id">{payment.invoice_id}</td>
      <td className="billing-cell-patient">
        <TruncatedText text={payment.patient_name} className="billing-patient-name" />
      </td>
      <td className="billing-cell-money">{formatPesos(payment.amount_centavos)}</td>
      <td>{paymentMethodLabel(payment.method)}</td>
      <td className="billing-cell-reference" title={reference || undefined}>
        {reference}
      </td>
      <td className="billing-cell-date" title={full}>
        <span className="billing-date-line">{date}</span> <span className="billing-date-line">{time}</span>
      </td>
      <td className="billing-cell-actions">
        {/* In the Actions cell, where a void payment's own Void button would be: the amount cell has no room for it. */}
        {voided ? <InvoiceStatusBadge status={null} voided /> : null}
        <Actions payment={payment} />
      </td>
    </tr>
  );
});

/**
 * The Payments table: IID, Patient, Amount, Method, Ref #, Date (clinic time), Actions
 * ('Print receipt'; 'Void' for admins). A void payment stays listed, struck through, with the
 * 'Void' badge. Windowed in its own scroll box.
 */
export function PaymentsTable({
  payments,
  read,
  timeZone,
  Actions,
}: {
  payments: readonly PaymentListRow[];
  read: BillingRead;
  timeZone: string;
  Actions: PaymentActions;
}) {
  return (
    <BillingTable
      kind="payments"
      rows={payments}
      columns={COLUMNS}
      read={read}
      renderRow={(payment, rowIndex) => (
        <PaymentRow key={payment.id} payment={payment} rowIndex={rowIndex} timeZone={timeZone} Actions={Actions} />
      )}
    />
  );
}
