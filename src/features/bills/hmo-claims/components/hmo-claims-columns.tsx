import { dateLabel } from '@common/clinic-calendar';
import type { Column } from '@/components/table/data-table';
import { formatPesos } from '@/entities/money';
import {
  canBillPatient,
  canDeny,
  canWriteOff,
  claimStatusLabel,
  type HmoClaimRow,
  type HmoPaymentRow,
} from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT as text } from '../messages';

/**
 * A batch's claims: patient, invoice, visit, amount, settled, status (its denial's or write-off's
 * reason on hover), 'Deny claim' while the HMO paid none, 'Write off' while it owes anything, given
 * `onWriteOff` (the roles that may: admins; the database refuses anyone else), and 'Bill patient'
 * for what a denied or written-off claim left unpaid, or the invoice that billed it.
 */
export function claimColumns({
  onDeny,
  onWriteOff,
  onBillPatient,
}: {
  onDeny: (claim: HmoClaimRow) => void;
  onWriteOff: ((claim: HmoClaimRow) => void) | null;
  onBillPatient: (claim: HmoClaimRow) => void;
}): Column<HmoClaimRow>[] {
  return [
    { key: 'patient', header: text.columns.patient, render: (claim) => claim.patient_name },
    { key: 'invoice', header: text.columns.invoice, render: (claim) => `#${claim.invoice_id}` },
    { key: 'visit', header: text.columns.visitDate, render: (claim) => dateLabel(claim.visit_date) },
    {
      key: 'amount',
      header: text.columns.amount,
      align: 'end',
      render: (claim) => formatPesos(claim.amount_centavos),
    },
    {
      key: 'settled',
      header: text.columns.settled,
      align: 'end',
      render: (claim) => formatPesos(claim.settled_centavos),
    },
    {
      key: 'status',
      header: text.columns.status,
      render: (claim) => (
        <span
          className={`hmo-claim-status hmo-claim-status-${claim.status}`}
          title={claim.denial_reason ?? claim.write_off_reason ?? undefined}
        >
          {claimStatusLabel(claim.status)}
        </span>
      ),
    },
    {
      key: 'actions',
      header: text.columns.actions,
      align: 'end',
      render: (claim) => (
        <span className="hmo-claim-actions">
          {canDeny(claim) ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={text.denyClaimLabel(claim.invoice_id)}
              onClick={() => onDeny(claim)}
            >
              {text.denyClaim}
            </button>
          ) : null}
          {onWriteOff && canWriteOff(claim) ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={text.writeOffClaimLabel(claim.invoice_id)}
              onClick={() => onWriteOff(claim)}
            >
              {text.writeOffClaim}
            </button>
          ) : null}
          {canBillPatient(claim) ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={text.billPatientLabel(claim.invoice_id)}
              onClick={() => onBillPatient(claim)}
            >
              {text.billPatient}
            </button>
          ) : null}
          {claim.patient_invoice_id === null ? null : (
            <span className="hmo-claim-billed">{text.billedToPatient(claim.patient_invoice_id)}</span>
          )}
        </span>
      ),
    },
  ];
}

/** A batch's HMO payments, a voided one struck through with who voided it and why; 'Void' for those who may. */
export function hmoPaymentColumns(mayVoid: boolean, onVoid: (payment: HmoPaymentRow) => void): Column<HmoPaymentRow>[] {
  return [
    { key: 'received', header: text.paymentColumns.receivedOn, render: (payment) => dateLabel(payment.received_on) },
    { key: 'reference', header: text.paymentColumns.reference, render: (payment) => payment.reference_number ?? '' },
    {
      key: 'amount',
      header: text.paymentColumns.amount,
      align: 'end',
      render: (payment) => (
        <span className={payment.voided_at ? 'hmo-payment-void-amount' : undefined}>
          {formatPesos(payment.amount_centavos)}
        </span>
      ),
    },
    {
      key: 'recorded-by',
      header: text.paymentColumns.recordedBy,
      render: (payment) => payment.recorded_by_name ?? text.unknownRecorder,
    },
    {
      key: 'status',
      header: text.paymentColumns.status,
      render: (payment) =>
        payment.voided_at ? (
          <span
            className="hmo-claim-status hmo-payment-status-void"
            title={
              payment.voided_by_name
                ? text.paymentVoidedBy(payment.voided_by_name, payment.void_reason ?? '')
                : text.paymentVoidedUnnamed(payment.void_reason ?? '')
            }
          >
            {text.paymentVoidStatus}
          </span>
        ) : (
          text.paymentRecordedStatus
        ),
    },
    {
      key: 'actions',
      header: text.paymentColumns.actions,
      align: 'end',
      render: (payment) =>
        mayVoid && !payment.voided_at ? (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={text.voidPaymentLabel(payment.id)}
            onClick={() => onVoid(payment)}
          >
            {text.voidPayment}
          </button>
        ) : null,
    },
  ];
}
