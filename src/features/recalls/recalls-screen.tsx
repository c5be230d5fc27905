import { useCallback, useMemo, useState } from 'react';
import { RECALL_UPDATED } from '@common/contract/live-events';
import { RECALL_INTERVAL_MONTHS } from '@common/contract/recall';
import { Panel, Screen } from '@/components/screen/screen';
import { LoadingState } from '@/components/states/states';
import { useToast } from '@/components/toast/toast-context';
import { useClinicZone } from '@/entities/clinic';
import { ServiceError } from '@/lib/service-client';
import { useSession } from '@/lib/session';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useLiveRefresh } from '@/lib/use-live-refresh';
import { useNow } from '@/lib/use-now';
import { BookingRequestsSection } from './booking-requests/components/booking-requests-section';
import { useDueList, useRecallInterval, type DueRecall } from './due-list/api/get-due-list';
import { DueListTable } from './due-list/components/due-list-table';
import { recallAction } from './model/due';
import { RECALLS_TEXT } from './model/messages';
import { recallKeys } from './model/query-keys';
import { useSendRecall } from './send-recall/api/send-recall';
import { SendRecallButton } from './send-recall/components/send-recall-button';
import '@/components/table/data-table.css';
import './recalls.css';

/** The Recalls tab for the clinic the user works on. */
export function RecallsView() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label={RECALLS_TEXT.loading} />;
  return <RecallsScreen key={clinic.id} clinicId={clinic.id} />;
}

function sendErrorText(error: unknown): string {
  return error instanceof ServiceError ? error.message : RECALLS_TEXT.sendFailed;
}

function RecallsScreen({ clinicId }: { clinicId: number }) {
  const due = useDueList(clinicId);
  const interval = useRecallInterval(clinicId);
  const zone = useClinicZone(clinicId);
  const { timeZone } = zone;
  const now = useNow();
  // A recall sent from another desk, a patient's Book reply, a request booked or dismissed.
  const live = useLiveRefresh({ clinicId, event: RECALL_UPDATED, queryKey: recallKeys.all(clinicId) });
  const send = useSendRecall(clinicId);
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkSending, setBulkSending] = useState(false);

  const sendable = useMemo(
    () => (due.data ?? []).filter((row) => recallAction(row, now, timeZone).kind === 'send'),
    [due.data, now, timeZone],
  );
  // Only rows still on the list and still sendable count as selected.
  const chosen = sendable.filter((row) => selected.has(row.patient_id));

  const onSelect = useCallback((patientId: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(patientId);
      else next.delete(patientId);
      return next;
    });
  }, []);

  const onSend = useCallback(
    async (row: DueRecall) => {
      try {
        const result = await send.mutateAsync(row.patient_id);
        if (result === ALREADY_PENDING) return;
        toast(RECALLS_TEXT.sent(row.patient_name), { tone: 'success' });
        onSelect(row.patient_id, false);
      } catch (error) {
        toast(sendErrorText(error), { tone: 'error' });
      }
    },
    [send, toast, onSelect],
  );

  const onSendSelected = async () => {
    setBulkSending(true);
    let sent = 0;
    const notSent: number[] = [];
    let rateLimited = false;
    // One after another: each is a Messenger send, and the service limits a caller's rate. Those
    // not sent stay ticked, to send again; past the rate limit the rest wait for the next try.
    for (const row of chosen) {
      if (rateLimited) {
        notSent.push(row.patient_id);
        continue;
      }
      try {
        const result = await send.mutateAsync(row.patient_id);
        if (result !== ALREADY_PENDING) sent++;
      } catch (error) {
        notSent.push(row.patient_id);
        rateLimited = error instanceof ServiceError && error.status === 429;
      }
    }
    setSelected(new Set(notSent));
    setBulkSending(false);
    const text = rateLimited
      ? RECALLS_TEXT.bulkRateLimited(sent, notSent.length)
      : RECALLS_TEXT.bulkDone(sent, notSent.length);
    toast(text, { tone: notSent.length === 0 ? 'success' : 'error' });
  };

  const renderAction = (row: DueRecall) => (
    <SendRecallButton
      row={row}
      now={now}
      timeZone={timeZone}
      sending={bulkSending || send.isPendingFor(recallKeys.send(row.patient_id))}
      onSend={(target) => void onSend(target)}
    />
  );

  const status = due.isPending || zone.isPending ? 'loading' : due.isError && !due.data ? 'failed' : 'ready';
  const months = interval.data ?? RECALL_INTERVAL_MONTHS.default;

  return (
    <Screen
      className="recalls"
      headerClassName="recalls-header"
      titleId="recalls-title"
      title={RECALLS_TEXT.title}
      intro={<p className="section-note">{RECALLS_TEXT.intro(months)}</p>}
      tools={
        <div className="recalls-tools">
          {live === 'reconnecting' ? (
            <p className="section-note" role="status">
              {RECALLS_TEXT.live.reconnecting}
            </p>
          ) : null}
          <button
            type="button"
            className="button button-secondary"
            disabled={due.isFetching}
            onClick={() => void due.refetch()}
          >
            {RECALLS_TEXT.refresh}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={chosen.length === 0 || bulkSending}
            onClick={() => void onSendSelected()}
          >
            {bulkSending ? RECALLS_TEXT.sending : RECALLS_TEXT.sendSelected(chosen.length)}
          </button>
        </div>
      }
    >
      <BookingRequestsSection clinicId={clinicId} timeZone={timeZone} />

      <Panel
        className="recall-due"
        title={RECALLS_TEXT.caption}
        count={status === 'ready' ? (due.data?.length ?? 0) : null}
        countTestId="recalls-count"
      >
        <DueListTable
          rows={due.data}
          status={status}
          now={now}
          timeZone={timeZone}
          selected={selected}
          onSelect={onSelect}
          onRetry={() => void due.refetch()}
          renderAction={renderAction}
        />
      </Panel>
    </Screen>
  );
}
