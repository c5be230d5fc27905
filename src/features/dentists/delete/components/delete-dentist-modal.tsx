import { useState } from 'react';
import { formatClinicDateTime } from '@common/clinic-calendar';
import { FormMessage } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { FixedColumnsHead, type FixedColumn } from '@/components/table/fixed-columns';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { StatusBadge } from '@/entities/appointment';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { Dentist } from '../../model/api/get-dentists';
import { DENTIST_EXTRA_TEXT } from '../../model/messages';
import { useDeleteDentist } from '../api/delete-dentist';
import type { BlockingAppointment, DentistDeleteOutcome } from '../delete-outcome';
import { DENTIST_DELETE_EXTRA_TEXT, DENTIST_DELETE_TEXT } from '../messages';

type Shown = Extract<DentistDeleteOutcome, { kind: 'blocked' } | { kind: 'failed' }>;

/**
 * Confirm Delete: Delete asks the database, which decides among hard delete, soft delete and
 * "blocked by future appointments" in one call. Deleted: the screen closes the modal and shows the
 * message. Blocked: the appointments are listed and nothing is deleted. The check failed: the error
 * shows with the modal open and no deletion done.
 */
export function DeleteDentistModal({
  dentist,
  timeZone,
  onClose,
  onDeleted,
}: {
  dentist: Dentist;
  timeZone: string;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteDentist();
  const [shown, setShown] = useState<Shown | null>(null);

  async function onDelete() {
    const outcome = await remove.mutateAsync(dentist.id);
    if (outcome === ALREADY_PENDING) return;
    if (outcome.kind === 'hard_deleted' || outcome.kind === 'soft_deleted') {
      onDeleted(outcome.message);
      return;
    }
    if (outcome.kind === 'failed') console.error('Ngiti: the dentist delete failed', outcome.cause);
    setShown(outcome);
  }

  const gone = shown?.kind === 'failed' && shown.cause === 'not_found';
  const canDelete = shown === null || (shown.kind === 'failed' && !gone);

  return (
    <Modal
      open
      title={DENTIST_DELETE_TEXT.deleteTitle}
      onClose={onClose}
      size={shown?.kind === 'blocked' ? 'large' : 'small'}
      destructive
      closeLabel={canDelete ? 'Cancel' : 'Close'}
      footer={
        canDelete ? (
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() => void onDelete()}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </button>
        ) : null
      }
    >
      <div className="delete-dentist">
        {shown?.kind === 'blocked' ? null : (
          <p className="delete-question">{DENTIST_DELETE_EXTRA_TEXT.deleteQuestion(dentist.name)}</p>
        )}
        {shown === null ? <p className="delete-hint">{DENTIST_DELETE_EXTRA_TEXT.deleteHint}</p> : null}
        {shown?.kind === 'failed' ? (
          <FormMessage
            message={{ tone: 'error', text: shown.error, detail: gone ? DENTIST_EXTRA_TEXT.gone : undefined }}
          />
        ) : null}
        {shown?.kind === 'blocked' ? (
          <BlockingAppointments appointments={shown.appointments} timeZone={timeZone} />
        ) : null}
      </div>
    </Modal>
  );
}

const BLOCKING_COLUMNS: readonly FixedColumn[] = [
  { className: 'blocking-col-patient', header: 'Patient' },
  { className: 'blocking-col-id', header: 'Appointment ID' },
  { className: 'blocking-col-status', header: 'Status' },
  { className: 'blocking-col-time', header: 'Time' },
  { className: 'blocking-col-reason', header: 'Procedure' },
];

function BlockingAppointments({
  appointments,
  timeZone,
}: {
  appointments: readonly BlockingAppointment[];
  timeZone: string;
}) {
  return (
    <div className="blocking-appointments">
      <p className="form-message form-message-error" role="alert">
        {DENTIST_DELETE_EXTRA_TEXT.blocked}
      </p>
      {/* Fixed columns, the time on one line, a long name cut (shown whole on focus or a tap), the
          reason wrapped rather than cut, and a list as tall as the modal allows (dentists.css). */}
      <div className="table-scroll blocking-scroll">
        <table className="data-table blocking-table">
          <caption className="visually-hidden">Future appointments of this dentist</caption>
          <FixedColumnsHead columns={BLOCKING_COLUMNS} />
          <tbody>
            {appointments.map((appointment) => (
              <tr key={appointment.id}>
                <td>
                  <TruncatedText text={appointment.patientName} />
                </td>
                <td>{appointment.id}</td>
                <td>
                  <StatusBadge status={appointment.status} />
                </td>
                <td className="blocking-time">{safeClinicDateTime(appointment.appointmentTime, timeZone)}</td>
                <td className="blocking-reason">{appointment.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The time as the clinic reads it; a value that is not a time is shown as it came. */
function safeClinicDateTime(instant: string, timeZone: string): string {
  try {
    return formatClinicDateTime(instant, timeZone);
  } catch {
    return instant;
  }
}
