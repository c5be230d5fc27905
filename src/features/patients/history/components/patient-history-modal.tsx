import { formatClinicDateTime } from '@common/clinic-calendar';
import { FormMessage } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { LoadingState } from '@/components/states/states';
import { StatusBadge } from '@/entities/appointment';
import { useClinicTimeZone } from '@/entities/clinic';
import { PatientInvoicesSlot } from '@/lib/feature-slots';
import type { PatientListItem } from '../../model/api/patient-columns';
import { PATIENT_EXTRA_TEXT } from '../../model/messages';
import { usePatientHistory, type PatientHistoryEntry } from '../api/get-patient-history';
import { splitReason } from '../appointment-display';
import { PATIENT_HISTORY_EXTRA_TEXT, PATIENT_HISTORY_TEXT } from '../messages';
import '@/components/table/data-table.css';

const COLUMNS = PATIENT_HISTORY_EXTRA_TEXT.historyColumns;

function HistoryTable({ entries, timeZone }: { entries: PatientHistoryEntry[]; timeZone: string }) {
  return (
    // The list scrolls once taller than 240 px; focusable so the keyboard can scroll it.
    <div className="history-scroll" tabIndex={0} role="region" aria-label="Appointments" data-testid="history-list">
      <table className="data-table history-table">
        <thead>
          <tr>
            <th scope="col">{COLUMNS.when}</th>
            <th scope="col">{COLUMNS.dentist}</th>
            <th scope="col">{COLUMNS.procedure}</th>
            <th scope="col">{COLUMNS.status}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const { procedure, notes } = splitReason(entry.reason);
            return (
              <tr key={entry.id}>
                <td className="history-when">{formatClinicDateTime(entry.appointment_time, timeZone)}</td>
                <td>{entry.dentists?.name ?? '—'}</td>
                <td>
                  {procedure || '—'}
                  {notes ? <span className="history-notes">{notes}</span> : null}
                </td>
                <td>
                  <StatusBadge status={entry.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The history modal: the patient's appointments, newest first, in clinic time, then their invoices
 * and balance due (the Billing feature fills that section).
 */
export function PatientHistoryModal({
  clinicId,
  patient,
  onClose,
}: {
  clinicId: number;
  patient: PatientListItem;
  onClose: () => void;
}) {
  const history = usePatientHistory(clinicId, patient.id);
  const timeZone = useClinicTimeZone(clinicId);
  const failed = (history.isError && !history.data) || (timeZone.isError && !timeZone.data);

  let body;
  if (failed) {
    body = (
      <div className="history-failed">
        <FormMessage message={{ tone: 'error', text: PATIENT_HISTORY_TEXT.fetchAppointmentsFailed }} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            if (history.isError) void history.refetch();
            if (timeZone.isError) void timeZone.refetch();
          }}
        >
          {PATIENT_EXTRA_TEXT.retry}
        </button>
      </div>
    );
  } else if (!history.data || !timeZone.data) {
    body = <LoadingState label={PATIENT_HISTORY_EXTRA_TEXT.loadingHistory} />;
  } else if (history.data.length === 0) {
    body = <p className="history-empty">{PATIENT_HISTORY_EXTRA_TEXT.historyEmpty}</p>;
  } else {
    body = <HistoryTable entries={history.data} timeZone={timeZone.data} />;
  }

  return (
    <Modal
      open
      title={PATIENT_HISTORY_EXTRA_TEXT.historyTitle(patient.name)}
      onClose={onClose}
      size="large"
      closeLabel={PATIENT_HISTORY_EXTRA_TEXT.close}
    >
      {body}
      <PatientInvoicesSlot clinicId={clinicId} patientId={patient.id} />
    </Modal>
  );
}
