import { memo, type ComponentType } from 'react';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { formatPesos } from '@/entities/money';
import { useRowWindow } from '@/lib/use-row-window';
import type { PaymentListRow } from '../../model/api/billing-columns';
import { InvoiceStatusBadge } from '../../model/components/invoice-status-badge';
import { BILLING_EXTRA_TEXT, BILLING_TEXT } from '../../model/messages';
import { paymentMethodLabel } from '../../model/payment-methods';
import { paymentDate } from '../payment-date';
import { SpacerRow } from './spacer-row';
import { tablePlaceholder } from './table-placeholder';

export const PAYMENT_ROW_HEIGHT = 48;

const COLUMN_COUNT = 7;

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
 * The Payments table (spec §2): IID, Patient, Amount, Method, Ref #, Date (clinic time), Actions
 * ('Print receipt'; 'Void' for admins). A void payment stays listed, struck through, with the
 * 'Void' badge. Windowed in its own scroll box.
 */
export function PaymentsTable({
  payments,
  filtered,
  status,
  timeZone,
  onRetry,
  Actions,
}: {
  payments: readonly PaymentListRow[];
  filtered: boolean;
  status: 'loading' | 'failed' | 'ready';
  timeZone: string;
  onRetry: () => void;
  Actions: PaymentActions;
}) {
  const count = status === 'ready' ? payments.length : 0;
  const { scrollRef, bodyRef, start, end } = useRowWindow(count, PAYMENT_ROW_HEIGHT, 'box');

  const placeholder = tablePlaceholder({
    status,
    count,
    filtered,
    onRetry,
    texts: {
      failed: BILLING_EXTRA_TEXT.paymentsFailed,
      noMatch: BILLING_EXTRA_TEXT.noPaymentMatch,
      none: BILLING_TEXT.noPayments,
    },
  });

  return (
    <div ref={scrollRef} className="billing-table-scroll" data-testid="payments-scroll">
      <table
        className="data-table billing-table billing-payments-table"
        aria-label={BILLING_TEXT.paymentsTable}
        aria-rowcount={count + 1}
        aria-busy={status === 'loading' || undefined}
        data-count={count}
      >
        <colgroup>
          <col className="billing-col-id" />
          <col className="billing-col-patient" />
          <col className="billing-col-money" />
          <col className="billing-col-method" />
          <col className="billing-col-reference" />
          <col className="billing-col-date" />
          <col className="billing-col-payment-actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">{BILLING_TEXT.paymentColumns.invoiceId}</th>
            <th scope="col">{BILLING_TEXT.paymentColumns.patient}</th>
            <th scope="col" className="align-end">
              {BILLING_TEXT.paymentColumns.amount}
            </th>
            <th scope="col">{BILLING_TEXT.paymentColumns.method}</th>
            <th scope="col">{BILLING_TEXT.paymentColumns.reference}</th>
            <th scope="col">{BILLING_TEXT.paymentColumns.date}</th>
            <th scope="col" className="align-end">
              {BILLING_TEXT.paymentColumns.actions}
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
              <SpacerRow rows={start} rowHeight={PAYMENT_ROW_HEIGHT} columns={COLUMN_COUNT} />
              {payments.slice(start, end).map((payment, offset) => (
                <PaymentRow
                  key={payment.id}
                  payment={payment}
                  rowIndex={start + offset + 2}
                  timeZone={timeZone}
                  Actions={Actions}
                />
              ))}
              <SpacerRow rows={count - end} rowHeight={PAYMENT_ROW_HEIGHT} columns={COLUMN_COUNT} />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
