import { memo } from 'react';
import { NoShowBadge } from '@/components/no-show-badge/no-show-badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/states/states';
import { useRowWindow } from '@/lib/use-row-window';
import type { PatientListItem } from '../../model/api/patient-columns';
import { PATIENT_EXTRA_TEXT, PATIENT_TEXT } from '../../model/messages';
import { PATIENT_LIST_EXTRA_TEXT, PATIENT_LIST_TEXT } from '../messages';

/** Every row is exactly this tall (patients.css), so the rows on screen follow from the scroll position. */
export const PATIENT_ROW_HEIGHT = 52;
const COLUMN_COUNT = 4;

export interface PatientRowActions {
  onOpenHistory: (patient: PatientListItem) => void;
  onEdit: (patient: PatientListItem) => void;
  onDelete: (patient: PatientListItem) => void;
}

const PatientRow = memo(function PatientRow({
  patient,
  rowIndex,
  deleting,
  noShowCount,
  actions,
}: {
  patient: PatientListItem;
  rowIndex: number;
  deleting: boolean;
  noShowCount: number | undefined;
  actions: PatientRowActions;
}) {
  return (
    <tr aria-rowindex={rowIndex} data-patient-id={patient.id}>
      <td className="patients-cell-name" title={patient.name}>
        <button type="button" className="button-link patients-name" onClick={() => actions.onOpenHistory(patient)}>
          {patient.name}
        </button>
        <NoShowBadge count={noShowCount} />
      </td>
      <td title={patient.phone}>{patient.phone}</td>
      <td title={patient.messenger_id ?? undefined}>{patient.messenger_id ?? ''}</td>
      <td className="patients-cell-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-label={`${PATIENT_LIST_TEXT.edit} ${patient.name}`}
          onClick={() => actions.onEdit(patient)}
        >
          {PATIENT_LIST_TEXT.edit}
        </button>
        <button
          type="button"
          className="button button-danger-outline button-small"
          aria-label={`${PATIENT_LIST_TEXT.delete} ${patient.name}`}
          disabled={deleting}
          onClick={() => actions.onDelete(patient)}
        >
          {PATIENT_LIST_TEXT.delete}
        </button>
      </td>
    </tr>
  );
});

function Spacer({ rows }: { rows: number }) {
  if (rows <= 0) return null;
  return (
    <tr className="patients-spacer" aria-hidden="true" style={{ height: rows * PATIENT_ROW_HEIGHT }}>
      <td colSpan={COLUMN_COUNT} />
    </tr>
  );
}

export function PatientsTable({
  patients,
  query,
  status,
  deletingId,
  noShowCounts,
  actions,
  onRetry,
}: {
  /** The rows to show (already searched). */
  patients: readonly PatientListItem[];
  /** The search the rows answer (for the empty text, and data-query for the bench). */
  query: string;
  status: 'loading' | 'failed' | 'ready';
  deletingId: number | null;
  /** Patients flagged for 2 or more no-shows in 12 months (view patient_no_show_flags). */
  noShowCounts?: ReadonlyMap<number, number>;
  actions: PatientRowActions;
  onRetry: () => void;
}) {
  const count = status === 'ready' ? patients.length : 0;
  // Only the rows near the screen; the table tells assistive technology the full row count. Tabbing
  // down the rows scrolls the page, which renders the next rows before focus reaches them.
  const { bodyRef, start, end } = useRowWindow(count, PATIENT_ROW_HEIGHT, 'page');
  const trimmed = query.trim();

  let placeholder = null;
  if (status === 'loading') placeholder = <LoadingState label={PATIENT_EXTRA_TEXT.loading} />;
  else if (status === 'failed')
    placeholder = (
      <ErrorState title={PATIENT_TEXT.fetchFailed} onRetry={onRetry} retryLabel={PATIENT_EXTRA_TEXT.retry} />
    );
  else if (count === 0)
    placeholder = (
      <EmptyState title={trimmed ? PATIENT_LIST_EXTRA_TEXT.noMatch(trimmed) : PATIENT_LIST_EXTRA_TEXT.empty} />
    );

  return (
    <div className="patients-table-frame">
      <table
        className="data-table patients-table"
        aria-label="Patients"
        aria-rowcount={count + 1}
        aria-busy={status === 'loading' || undefined}
        data-testid="patients-table"
        data-query={query}
        data-count={count}
      >
        <colgroup>
          <col className="patients-col-name" />
          <col className="patients-col-phone" />
          <col className="patients-col-messenger" />
          <col className="patients-col-actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">{PATIENT_LIST_TEXT.columns.name}</th>
            <th scope="col">{PATIENT_LIST_TEXT.columns.phone}</th>
            <th scope="col">{PATIENT_LIST_TEXT.columns.messengerId}</th>
            <th scope="col" className="align-end">
              {PATIENT_LIST_TEXT.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {placeholder ? (
            <tr>
              <td colSpan={COLUMN_COUNT} className="patients-placeholder">
                {placeholder}
              </td>
            </tr>
          ) : (
            <>
              <Spacer rows={start} />
              {patients.slice(start, end).map((patient, offset) => (
                <PatientRow
                  key={patient.id}
                  patient={patient}
                  rowIndex={start + offset + 2}
                  deleting={deletingId === patient.id}
                  noShowCount={noShowCounts?.get(patient.id)}
                  actions={actions}
                />
              ))}
              <Spacer rows={count - end} />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
