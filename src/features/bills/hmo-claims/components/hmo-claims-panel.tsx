import { useState } from 'react';
import { formatClinicDate } from '@common/clinic-calendar';
import { confirmDialog } from '@/components/confirm-dialog';
import { Panel } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { DataTable, type Column } from '@/components/table/data-table';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { can } from '@/lib/authorization';
import { downloadTextFile } from '@/lib/download-text-file';
import { useSignedInUser } from '@/lib/session';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useCloseHmoBatch } from '../api/close-hmo-batch';
import { useHmoClaims } from '../api/get-hmo-claims';
import { hmoFailureText } from '../failure-text';
import {
  batchCsv,
  batchFileName,
  canDeny,
  claimStatusLabel,
  groupByHmo,
  type BatchWithClaims,
  type HmoBatchRow,
  type HmoClaimRow,
  type HmoGroup,
  type HmoPaymentRow,
} from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT } from '../messages';
import { DenyClaimDialog } from './deny-claim-dialog';
import { RecordHmoPaymentModal } from './record-hmo-payment-modal';
import { VoidHmoPaymentDialog } from './void-hmo-payment-dialog';
import './hmo-claims.css';

type OpenDialog =
  | { kind: 'payment'; batch: HmoBatchRow }
  | { kind: 'deny'; claim: HmoClaimRow }
  | { kind: 'void'; payment: HmoPaymentRow }
  | null;

/** What the batch sections ask the panel to open. */
interface BatchActions {
  onPay: (batch: HmoBatchRow) => void;
  onDeny: (claim: HmoClaimRow) => void;
  onVoid: (payment: HmoPaymentRow) => void;
}

const text = HMO_CLAIMS_TEXT;

/**
 * The Billing tab's HMO claims: per HMO what it owes and what is overdue, then its batches (newest
 * first) with their claims, 'Record HMO payment', 'Close batch', 'Export CSV' and, per claim the
 * HMO has paid none of, 'Deny claim'; then the batch's HMO payments, each with 'Void' for the roles
 * that may void (admins; the database refuses anyone else). Every number is the database's (its views); the Billing tab's
 * live refresh re-reads them when any browser changes a claim, batch or payment.
 */
export function HmoClaimsPanel({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const overview = useHmoClaims(clinicId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  let body;
  if (overview.isPending) body = <LoadingState label={text.loading} />;
  else if (overview.isError && !overview.data)
    body = <ErrorState title={text.failed} retryLabel={text.retry} onRetry={() => void overview.refetch()} />;
  else {
    const groups = groupByHmo(overview.data);
    body =
      groups.length === 0 ? (
        <EmptyState title={text.none} />
      ) : (
        groups.map((group) => (
          <HmoSection
            key={group.owed.hmo_id}
            clinicId={clinicId}
            group={group}
            timeZone={timeZone}
            actions={{
              onPay: (batch) => setDialog({ kind: 'payment', batch }),
              onDeny: (claim) => setDialog({ kind: 'deny', claim }),
              onVoid: (payment) => setDialog({ kind: 'void', payment }),
            }}
          />
        ))
      );
  }

  return (
    <Panel title={text.title} intro={text.intro} className="hmo-claims" titleId="hmo-claims-title">
      {body}
      {dialog?.kind === 'payment' ? (
        <RecordHmoPaymentModal clinicId={clinicId} batch={dialog.batch} timeZone={timeZone} onClose={close} />
      ) : null}
      {dialog?.kind === 'deny' ? <DenyClaimDialog clinicId={clinicId} claim={dialog.claim} onClose={close} /> : null}
      {dialog?.kind === 'void' ? (
        <VoidHmoPaymentDialog clinicId={clinicId} payment={dialog.payment} onClose={close} />
      ) : null}
    </Panel>
  );
}

function HmoSection({
  clinicId,
  group,
  timeZone,
  actions,
}: {
  clinicId: number;
  group: HmoGroup;
  timeZone: string;
  actions: BatchActions;
}) {
  const { owed } = group;
  return (
    <section className="hmo-claims-hmo" aria-label={owed.hmo_name} data-testid="hmo-claims-hmo">
      <header className="hmo-claims-hmo-head">
        <h3 className="hmo-claims-hmo-name">{owed.hmo_name}</h3>
        <dl className="hmo-claims-owed">
          <div>
            <dt>{text.owedLabel}</dt>
            <dd data-testid="hmo-owed">{formatPesos(owed.owed_centavos)}</dd>
          </div>
          <div className={owed.overdue_centavos > 0 ? 'hmo-claims-overdue' : undefined}>
            <dt>{text.overdueLabel}</dt>
            <dd data-testid="hmo-overdue">{formatPesos(owed.overdue_centavos)}</dd>
          </div>
        </dl>
      </header>
      {group.batches.map((entry) => (
        <BatchSection key={entry.batch.id} clinicId={clinicId} entry={entry} timeZone={timeZone} actions={actions} />
      ))}
    </section>
  );
}

function BatchSection({
  clinicId,
  entry,
  timeZone,
  actions: { onPay, onDeny, onVoid },
}: {
  clinicId: number;
  entry: BatchWithClaims;
  timeZone: string;
  actions: BatchActions;
}) {
  const { batch, claims, payments } = entry;
  const mayVoid = can(useSignedInUser().role, 'billing:void');
  const closeBatch = useCloseHmoBatch(clinicId, batch.id);
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

  const columns: Column<HmoClaimRow>[] = [
    { key: 'patient', header: text.columns.patient, render: (claim) => claim.patient_name },
    { key: 'invoice', header: text.columns.invoice, render: (claim) => `#${claim.invoice_id}` },
    { key: 'visit', header: text.columns.visitDate, render: (claim) => claim.visit_date },
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
        <span className={`hmo-claim-status hmo-claim-status-${claim.status}`} title={claim.denial_reason ?? undefined}>
          {claimStatusLabel(claim.status)}
        </span>
      ),
    },
    {
      key: 'actions',
      header: text.columns.actions,
      align: 'end',
      render: (claim) =>
        canDeny(claim) ? (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={text.denyClaimLabel(claim.invoice_id)}
            onClick={() => onDeny(claim)}
          >
            {text.denyClaim}
          </button>
        ) : null,
    },
  ];

  const paymentColumns: Column<HmoPaymentRow>[] = [
    { key: 'received', header: text.paymentColumns.receivedOn, render: (payment) => payment.received_on },
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

  const titleId = `hmo-batch-${batch.id}`;
  return (
    <section className="hmo-claims-batch" aria-labelledby={titleId} data-testid="hmo-batch">
      <div className="hmo-claims-batch-head">
        <h4 id={titleId} className="hmo-claims-batch-title">
          {text.batchTitle(batch.id)}
        </h4>
        <p className="hmo-claims-batch-state">
          {batch.closed_at === null ? text.batchOpen : text.batchClosed(formatClinicDate(batch.closed_at, timeZone))}
          {' · '}
          {batch.due_date === null ? text.batchNoDue : text.batchDue(batch.due_date)}
          {batch.overdue ? <span className="hmo-claims-overdue-badge">{text.batchOverdue}</span> : null}
        </p>
        <p className="hmo-claims-batch-totals" data-testid="hmo-batch-totals">
          {text.batchTotals(
            formatPesos(batch.claimed_centavos),
            formatPesos(batch.settled_centavos),
            formatPesos(batch.outstanding_centavos),
          )}
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
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={text.exportBatchLabel(batch.id)}
            onClick={() => downloadTextFile(batchFileName(batch), batchCsv(claims))}
          >
            {text.exportBatch}
          </button>
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={claims}
        rowKey={(claim) => claim.id}
        caption={text.claimsCaption(batch.id)}
        emptyText={text.batchNoDue}
      />
      {payments.length > 0 ? (
        <DataTable
          columns={paymentColumns}
          rows={payments}
          rowKey={(payment) => payment.id}
          caption={text.paymentsCaption(batch.id)}
          emptyText=""
        />
      ) : null}
    </section>
  );
}
