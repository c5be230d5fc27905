import { useState } from 'react';
import { dateLabel, formatClinicDate } from '@common/clinic-calendar';
import { confirmDialog } from '@/components/confirm-dialog';
import { ErrorState, LoadingState } from '@/components/states/states';
import { DataTable } from '@/components/table/data-table';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { can } from '@/lib/authorization';
import { downloadTextFile } from '@/lib/download-text-file';
import { useSignedInUser } from '@/lib/session';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useBillPatientForClaim } from '../api/bill-patient-for-claim';
import { useCloseHmoBatch } from '../api/close-hmo-batch';
import { useHmoBatchEntries } from '../api/get-hmo-claims';
import { hmoFailureText } from '../failure-text';
import {
  batchCsv,
  batchFileName,
  isSettledBatch,
  type BatchWithClaims,
  type HmoBatchRow,
  type HmoClaimRow,
  type HmoPaymentRow,
} from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT as text } from '../messages';
import { claimColumns, hmoPaymentColumns } from './hmo-claims-columns';

/** What a batch section asks the panel to open. */
export interface BatchActions {
  onPay: (batch: HmoBatchRow) => void;
  onDeny: (claim: HmoClaimRow) => void;
  onWriteOff: (claim: HmoClaimRow) => void;
  onVoid: (payment: HmoPaymentRow) => void;
}

/**
 * One batch: its state, due date and totals, its tools, its claims and its HMO payments. A settled
 * batch (isSettledBatch) shows its claims and payments only when opened, and reads them then; one
 * that settles while shown stays open, and one back in play (an HMO payment voided) opens.
 */
export function BatchSection({
  clinicId,
  entry,
  timeZone,
  actions: { onPay, onDeny, onWriteOff, onVoid },
}: {
  clinicId: number;
  entry: BatchWithClaims;
  timeZone: string;
  actions: BatchActions;
}) {
  const { batch } = entry;
  const settled = isSettledBatch(batch);
  // Opened by staff, or in play when first shown; a batch in play (again) always shows its claims.
  const [openedWhenSettled, setOpenedWhenSettled] = useState(!settled);
  const open = !settled || openedWhenSettled;
  const settledEntries = useHmoBatchEntries(clinicId, batch.id, settled && open);
  const shown = settled ? settledEntries.data : entry;
  // Voiding an HMO payment and writing off a claim give up money: billing.void, admins.
  const mayVoid = can(useSignedInUser().role, 'billing:void');
  const closeBatch = useCloseHmoBatch(clinicId, batch.id);
  const billPatient = useBillPatientForClaim(clinicId);
  const toast = useToast();

  async function onClose() {
    const confirmed = await confirmDialog({
      title: text.closeConfirmTitle(batch.id),
      text: text.closeConfirmText,
      confirmText: text.closeConfirm,
      cancelText: text.cancel,
      icon: 'question',
      danger: false,
    });
    if (!confirmed) return;
    try {
      const result = await closeBatch.mutateAsync();
      if (result !== ALREADY_PENDING) toast(text.batchClosedToast, { tone: 'success' });
    } catch (error) {
      toast(hmoFailureText(error), { tone: 'error' });
    }
  }

  async function onBillPatient(claim: HmoClaimRow) {
    const confirmed = await confirmDialog({
      title: text.billPatientTitle(claim.invoice_id),
      text: text.billPatientText(formatPesos(claim.patient_billable_centavos), batch.hmo_name, claim.patient_name),
      confirmText: text.billPatientConfirm,
      cancelText: text.cancel,
      icon: 'question',
      danger: false,
    });
    if (!confirmed) return;
    try {
      const invoiceId = await billPatient.mutateAsync(claim.id);
      if (invoiceId !== ALREADY_PENDING) toast(text.patientBilled(invoiceId), { tone: 'success' });
    } catch (error) {
      toast(hmoFailureText(error), { tone: 'error' });
    }
  }

  const columns = claimColumns({
    onDeny,
    onWriteOff: mayVoid ? onWriteOff : null,
    onBillPatient: (claim) => void onBillPatient(claim),
  });
  const paymentColumns = hmoPaymentColumns(mayVoid, onVoid);

  const titleId = `hmo-batch-${batch.id}`;
  const entriesId = `hmo-batch-${batch.id}-entries`;
  let entries = null;
  if (open && shown) {
    entries = (
      <>
        <DataTable
          columns={columns}
          rows={shown.claims}
          rowKey={(claim) => claim.id}
          caption={text.claimsCaption(batch.id)}
          emptyText={text.batchNoDue}
        />
        {shown.payments.length > 0 ? (
          <DataTable
            columns={paymentColumns}
            rows={shown.payments}
            rowKey={(payment) => payment.id}
            caption={text.paymentsCaption(batch.id)}
            emptyText=""
          />
        ) : null}
      </>
    );
  } else if (open && settledEntries.isError) {
    entries = (
      <ErrorState title={text.claimsFailed} retryLabel={text.retry} onRetry={() => void settledEntries.refetch()} />
    );
  } else if (open) entries = <LoadingState label={text.loadingClaims} />;
  return (
    <section className="hmo-claims-batch" aria-labelledby={titleId} data-testid="hmo-batch">
      <div className="hmo-claims-batch-head">
        <h4 id={titleId} className="hmo-claims-batch-title">
          {text.batchTitle(batch.id)}
        </h4>
        <p className="hmo-claims-batch-state">
          {batch.closed_at === null ? text.batchOpen : text.batchClosed(formatClinicDate(batch.closed_at, timeZone))}
          {' · '}
          {batch.due_date === null ? text.batchNoDue : text.batchDue(dateLabel(batch.due_date))}
          {batch.overdue ? <span className="hmo-claims-overdue-badge">{text.batchOverdue}</span> : null}
          {settled ? (
            <>
              {' · '}
              {text.batchSettled}
            </>
          ) : null}
        </p>
        <p className="hmo-claims-batch-totals" data-testid="hmo-batch-totals">
          {text.batchTotals(
            formatPesos(batch.claimed_centavos),
            formatPesos(batch.settled_centavos),
            formatPesos(batch.outstanding_centavos),
          )}
          {batch.written_off_centavos > 0 ? text.batchWrittenOff(formatPesos(batch.written_off_centavos)) : null}
        </p>
        <div className="hmo-claims-batch-tools">
          <button
            type="button"
            className="button button-primary button-small"
            disabled={batch.outstanding_centavos <= 0}
            onClick={() => onPay(batch)}
          >
            {text.recordPayment}
          </button>
          {batch.closed_at === null ? (
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={closeBatch.isPending}
              onClick={() => void onClose()}
            >
              {text.closeBatch}
            </button>
          ) : null}
          {open && shown ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={text.exportBatchLabel(batch.id)}
              onClick={() => downloadTextFile(batchFileName(batch), batchCsv(shown.claims))}
            >
              {text.exportBatch}
            </button>
          ) : null}
          {settled ? (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-expanded={open}
              aria-controls={entriesId}
              onClick={() => setOpenedWhenSettled(!open)}
            >
              {open ? text.hideClaims : text.showClaims(batch.claim_count)}
            </button>
          ) : null}
        </div>
      </div>
      <div id={entriesId}>{entries}</div>
    </section>
  );
}
