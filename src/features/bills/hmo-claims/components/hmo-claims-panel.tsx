import { useState } from 'react';
import { Panel } from '@/components/screen/screen';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { formatPesos } from '@/entities/money';
import { useHmoClaims } from '../api/get-hmo-claims';
import { groupByHmo, type HmoBatchRow, type HmoClaimRow, type HmoGroup, type HmoPaymentRow } from '../hmo-claims-model';
import { HMO_CLAIMS_TEXT as text } from '../messages';
import { DenyClaimDialog } from './deny-claim-dialog';
import { BatchSection, type BatchActions } from './hmo-batch-section';
import { RecordHmoPaymentModal } from './record-hmo-payment-modal';
import { VoidHmoPaymentDialog } from './void-hmo-payment-dialog';
import { WriteOffClaimDialog } from './write-off-claim-dialog';
import './hmo-claims.css';

type OpenDialog =
  | { kind: 'payment'; batch: HmoBatchRow }
  | { kind: 'deny'; claim: HmoClaimRow }
  | { kind: 'writeOff'; claim: HmoClaimRow }
  | { kind: 'void'; payment: HmoPaymentRow }
  | null;

/**
 * The Billing tab's HMO claims: per HMO what it owes and what is overdue, then its batches (newest
 * first) with their claims, 'Record HMO payment', 'Close batch', 'Export CSV' and, per claim the
 * HMO has paid none of, 'Deny claim', per claim still owed 'Write off' (admins); then the batch's HMO payments, each with 'Void' for the roles
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
              onWriteOff: (claim) => setDialog({ kind: 'writeOff', claim }),
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
        <RecordHmoPaymentModal
          clinicId={clinicId}
          // As last read: a payment made meanwhile elsewhere (and read again after a refusal) shows.
          batch={overview.data?.batches.find((entry) => entry.id === dialog.batch.id) ?? dialog.batch}
          timeZone={timeZone}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'deny' ? <DenyClaimDialog clinicId={clinicId} claim={dialog.claim} onClose={close} /> : null}
      {dialog?.kind === 'writeOff' ? (
        <WriteOffClaimDialog clinicId={clinicId} claim={dialog.claim} onClose={close} />
      ) : null}
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
