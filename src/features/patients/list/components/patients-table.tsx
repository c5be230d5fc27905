import { memo } from 'react';
import { NoShowBadge } from '@/components/no-show-badge/no-show-badge';
import { FixedColumnsHead, readPlaceholder, windowedTableProps, WindowedBody } from '@/components/table/fixed-columns';
import type { FixedColumn, ReadStatus } from '@/components/table/fixed-columns';
import { useRowWindow } from '@/lib/use-row-window';
import type { PatientListItem } from '../../model/api/patient-columns';
import { PATIENT_EXTRA_TEXT, PATIENT_TEXT } from '../../model/messages';
import { PATIENT_LIST_EXTRA_TEXT, PATIENT_LIST_TEXT } from '../messages';

/** Every row is exactly this tall (patients.css), so the rows on screen follow from the scroll position. */
export const PATIENT_ROW_HEIGHT = 52;

export interface PatientRowActions {
  onOpenHistory: (patient: PatientListItem) => void;
  onEdit: (patient: PatientListItem) => void;
  onDelete: (patient: PatientListItem) => void;
  /** Opens the patient's HMO cards and senior citizen / PWD ID. */
  onOpenCoverage: (patient: PatientListItem) => void;
  /** Opens the patient's dental chart; left out when the app has no chart to show. */
  onOpenChart?: (patient: PatientListItem) => void;
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
      <td className="patients-cell-messenger" title={patient.messenger_id ?? undefined}>
        {patient.messenger_id ?? ''}
      </td>
      <td className="patients-cell-actions">
        {actions.onOpenChart ? (
          <button
            type="button"
            className="button button-secondary button-small patients-chart-button"
            aria-label={`${PATIENT_LIST_EXTRA_TEXT.chart} ${patient.name}`}
            onClick={() => actions.onOpenChart?.(patient)}
          >
            {PATIENT_LIST_EXTRA_TEXT.chart}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary button-small patients-coverage-button"
          aria-label={PATIENT_LIST_EXTRA_TEXT.coverageLabel(patient.name)}
          onClick={() => actions.onOpenCoverage(patient)}
        >
          {PATIENT_LIST_EXTRA_TEXT.coverage}
        </button>
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

const COLUMNS: readonly FixedColumn[] = [
  { className: 'patients-col-name', header: PATIENT_LIST_TEXT.columns.name },
  { className: 'patients-col-phone', header: PATIENT_LIST_TEXT.columns.phone },
  { className: 'patients-col-messenger', header: PATIENT_LIST_TEXT.columns.messengerId },
  { className: 'patients-col-actions', header: PATIENT_LIST_TEXT.columns.actions, alignEnd: true },
];

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
  status: ReadStatus;
  deletingId: number | null;
  /** Patients flagged for 2 or more no-shows in 12 months (view patient_no_show_flags). */
  noShowCounts?: ReadonlyMap<number, number>;
  actions: PatientRowActions;
  onRetry: () => void;
}) {
  const count = status === 'ready' ? patients.length : 0;
  // Only the rows near the screen; the table tells assistive technology the full row count. Tabbing
  // down the rows scrolls the page, which renders the next rows before focus reaches them.
  const rowWindow = useRowWindow(count, PATIENT_ROW_HEIGHT, 'page');
  const trimmed = query.trim();

  const placeholder = readPlaceholder({
    status,
    count,
    onRetry,
    texts: {
      loading: PATIENT_EXTRA_TEXT.loading,
      failed: PATIENT_TEXT.fetchFailed,
      retry: PATIENT_EXTRA_TEXT.retry,
      empty: trimmed ? PATIENT_LIST_EXTRA_TEXT.noMatch(trimmed) : PATIENT_LIST_EXTRA_TEXT.empty,
    },
  });
  return (
    <div className="patients-table-frame">
      <table
        className="data-table patients-table"
        aria-label="Patients"
        {...windowedTableProps(count, status)}
        data-testid="patients-table"
        data-query={query}
      >
        <FixedColumnsHead columns={COLUMNS} rowIndex={1} />
        <WindowedBody
          rowWindow={rowWindow}
          placeholder={placeholder}
          rows={patients}
          layout={{ rowHeight: PATIENT_ROW_HEIGHT, columnCount: COLUMNS.length, classPrefix: 'patients' }}
          renderRow={(patient, rowIndex) => (
            <PatientRow
              key={patient.id}
              patient={patient}
              rowIndex={rowIndex}
              deleting={deletingId === patient.id}
              noShowCount={noShowCounts?.get(patient.id)}
              actions={actions}
            />
          )}
        />
      </table>
    </div>
  );
}
