import type { ReactNode } from 'react';
import { clinicToday, formatClinicDate } from '@common/clinic-calendar';
import { ErrorState } from '@/components/states/states';
import { DataTable, type Column } from '@/components/table/data-table';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { overdueText, recallAction } from '../../model/due';
import { RECALLS_TEXT } from '../../model/messages';
import type { DueRecall } from '../api/get-due-list';

export interface DueListTableProps {
  rows: readonly DueRecall[] | undefined;
  status: 'loading' | 'failed' | 'ready';
  now: Date;
  timeZone: string;
  selected: ReadonlySet<number>;
  onSelect(patientId: number, selected: boolean): void;
  onRetry(): void;
  /**
   * The row's 'Send recall' (or why it cannot be sent). An element, not a component: a component
   * made by the screen's render would be a new type each render, and every row's button would be
   * mounted anew whenever the list is read again.
   */
  renderAction: (row: DueRecall) => ReactNode;
}

function LastRecall({ row, timeZone }: { row: DueRecall; timeZone: string }) {
  if (!row.last_recall_at || !row.last_recall_outcome)
    return <span className="recall-muted">{RECALLS_TEXT.neverRecalled}</span>;
  const outcome = RECALLS_TEXT.outcome[row.last_recall_outcome] ?? row.last_recall_outcome;
  return (
    <span className="recall-last">
      <span>{formatClinicDate(row.last_recall_at, timeZone)}</span>
      <span className={`recall-outcome recall-outcome-${row.last_recall_outcome}`}>{outcome}</span>
      {row.last_recall_error ? <TruncatedText text={row.last_recall_error} className="recall-error" /> : null}
    </span>
  );
}

/**
 * The last completed visit in one cell: its date, the procedure and the dentist, one under the
 * other, so the list fits a tablet's width without sideways scrolling.
 */
function LastVisit({ row, timeZone }: { row: DueRecall; timeZone: string }) {
  return (
    <span className="recall-visit">
      <span>{formatClinicDate(row.last_visit_at, timeZone)}</span>
      {row.last_procedure ? (
        <TruncatedText text={row.last_procedure} />
      ) : (
        <span className="recall-muted">{RECALLS_TEXT.noProcedure}</span>
      )}
      <span className="recall-muted">{row.dentist_name}</span>
    </span>
  );
}

/** The due list: most overdue first (the database's order), with a checkbox for a bulk send. */
export function DueListTable({
  rows,
  status,
  now,
  timeZone,
  selected,
  onSelect,
  onRetry,
  renderAction,
}: DueListTableProps) {
  if (status === 'failed') return <ErrorState title={RECALLS_TEXT.loadFailed} onRetry={onRetry} />;
  const today = clinicToday(now, timeZone);
  const columns: Column<DueRecall>[] = [
    {
      key: 'select',
      header: <span className="visually-hidden">{RECALLS_TEXT.columns.select}</span>,
      width: '44px',
      render: (row) =>
        recallAction(row, now, timeZone).kind === 'send' ? (
          // The label is the checkbox's hit area on a touch screen (global.css, .check-hit).
          <label className="check-hit">
            <input
              type="checkbox"
              aria-label={RECALLS_TEXT.selectRow(row.patient_name)}
              checked={selected.has(row.patient_id)}
              onChange={(event) => onSelect(row.patient_id, event.target.checked)}
            />
          </label>
        ) : null,
    },
    { key: 'patient', header: RECALLS_TEXT.columns.patient, render: (row) => row.patient_name },
    {
      key: 'phone',
      header: RECALLS_TEXT.columns.phone,
      render: (row) => (
        <a className="recall-phone" href={`tel:${row.patient_phone.replace(/[^\d+]/g, '')}`}>
          {row.patient_phone}
        </a>
      ),
    },
    {
      key: 'last-visit',
      header: RECALLS_TEXT.columns.lastVisit,
      render: (row) => <LastVisit row={row} timeZone={timeZone} />,
    },
    { key: 'overdue', header: RECALLS_TEXT.columns.overdue, render: (row) => overdueText(row.due_date, today) },
    {
      key: 'last-recall',
      header: RECALLS_TEXT.columns.lastRecall,
      render: (row) => <LastRecall row={row} timeZone={timeZone} />,
    },
    { key: 'actions', header: RECALLS_TEXT.columns.actions, align: 'end', render: renderAction },
  ];
  return (
    <DataTable
      caption={RECALLS_TEXT.caption}
      columns={columns}
      rows={rows ?? []}
      rowKey={(row) => row.patient_id}
      loading={status === 'loading'}
      emptyText={RECALLS_TEXT.empty}
    />
  );
}
