import { useState } from 'react';
import { HeaderMessage, useHeaderMessage } from '@/components/header-message/header-message';
import { Modal } from '@/components/modal/modal';
import { ErrorState, LoadingState } from '@/components/states/states';
import { DataTable, type Column } from '@/components/table/data-table';
import { DEFAULT_CLINIC_TIME_ZONE } from '@common/clinic-calendar';
import { useSession } from '@/lib/session';
import { useClinicTimeZone } from '@/lib/use-clinic-time-zone';
import { useDentists, type Dentist } from '../api/get-dentists';
import { useToggleDentistStatus } from '../api/toggle-dentist-status';
import { failureDetail } from '../errors';
import { DENTIST_EXTRA_TEXT, DENTIST_TEXT } from '../messages';
import { AvailabilityManager } from './availability-manager';
import { DeleteDentistModal } from './delete-dentist-modal';
import { DentistFormModal } from './dentist-form-modal';
import { CalendarIcon, EditIcon, TrashIcon } from '@/components/icons';
import '../dentists.css';

type OpenModal =
  | { kind: 'add' }
  | { kind: 'edit'; dentist: Dentist }
  | { kind: 'delete'; dentist: Dentist }
  | { kind: 'availability'; dentist: Dentist };

/**
 * The Dentists screen (spec part 1 §2): the table sorted by name, the Status toggle, and the
 * Add, Edit, Confirm Delete and Availability Manager modals. Messages show in the header for
 * 1.2 s, only while no modal is open.
 */
export function DentistsScreen({ clinicId }: { clinicId: number }) {
  const dentists = useDentists(clinicId);
  const timeZone = useClinicTimeZone(clinicId);
  const status = useToggleDentistStatus();
  const header = useHeaderMessage();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => setModal(null);
  const done = (message: string) => {
    setModal(null);
    header.showSuccess(message);
  };

  async function onToggle(dentist: Dentist) {
    try {
      const active = await status.toggle(dentist);
      if (active === undefined) return;
      header.showSuccess(active ? DENTIST_TEXT.markedActive : DENTIST_TEXT.markedInactive);
    } catch (error) {
      console.error('Ngiti: toggling a dentist failed', error);
      const detail = failureDetail(error);
      header.showError(detail ? `${DENTIST_TEXT.toggleFailed} ${detail}` : DENTIST_TEXT.toggleFailed);
    }
  }

  const columns: Column<Dentist>[] = [
    { key: 'name', header: 'Name', render: (dentist) => <span className="dentist-name">{dentist.name}</span> },
    { key: 'email', header: 'Email', render: (dentist) => <EmailText email={dentist.email} /> },
    { key: 'phone', header: 'Phone', render: (dentist) => <span className="dentist-phone">{dentist.phone}</span> },
    {
      key: 'status',
      header: 'Status',
      render: (dentist) => (
        <button
          type="button"
          className={`status-toggle ${dentist.is_active ? 'status-toggle-active' : 'status-toggle-inactive'}`}
          title={`Click to mark as ${dentist.is_active ? DENTIST_TEXT.inactive : DENTIST_TEXT.active}`}
          aria-busy={status.isPending(dentist.id) || undefined}
          onClick={() => void onToggle(dentist)}
        >
          {dentist.is_active ? DENTIST_TEXT.active : DENTIST_TEXT.inactive}
        </button>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (dentist) => (
        <div className="row-actions">
          <button
            type="button"
            className="icon-button"
            title={DENTIST_TEXT.manageAvailability}
            aria-label={`${DENTIST_TEXT.manageAvailability}: ${dentist.name}`}
            onClick={() => setModal({ kind: 'availability', dentist })}
          >
            <CalendarIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            title="Edit"
            aria-label={`Edit ${dentist.name}`}
            onClick={() => setModal({ kind: 'edit', dentist })}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-button icon-button-danger"
            title="Delete"
            aria-label={`Delete ${dentist.name}`}
            onClick={() => setModal({ kind: 'delete', dentist })}
          >
            <TrashIcon />
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="dentists-screen" aria-labelledby="dentists-title">
      <header className="screen-header">
        <h1 id="dentists-title" className="screen-title">
          {DENTIST_TEXT.title}
        </h1>
        <div className="screen-header-message">
          <HeaderMessage message={header.message} onDismiss={header.clear} />
        </div>
        <button type="button" className="button button-primary" onClick={() => setModal({ kind: 'add' })}>
          {DENTIST_TEXT.add}
        </button>
      </header>

      {dentists.isError ? (
        <ErrorState title={DENTIST_TEXT.fetchFailed} onRetry={() => void dentists.refetch()} />
      ) : (
        <DataTable
          caption={DENTIST_TEXT.title}
          columns={columns}
          rows={dentists.data ?? []}
          rowKey={(dentist) => dentist.id}
          loading={dentists.isPending}
          emptyText={DENTIST_EXTRA_TEXT.empty}
        />
      )}

      {modal?.kind === 'add' ? <DentistFormModal clinicId={clinicId} onClose={close} onSaved={done} /> : null}
      {modal?.kind === 'edit' ? (
        <DentistFormModal
          key={modal.dentist.id}
          clinicId={clinicId}
          dentist={modal.dentist}
          onClose={close}
          onSaved={done}
        />
      ) : null}
      {modal?.kind === 'delete' ? (
        <DeleteDentistModal
          dentist={modal.dentist}
          timeZone={timeZone.data ?? DEFAULT_CLINIC_TIME_ZONE}
          onClose={close}
          onDeleted={done}
        />
      ) : null}
      {modal?.kind === 'availability' ? (
        <Modal open title={modal.dentist.name} onClose={close} size="large">
          <AvailabilityManager dentist={{ id: modal.dentist.id, name: modal.dentist.name }} />
        </Modal>
      ) : null}
    </section>
  );
}

/** The screen for the clinic the session works on (the superadmin's choice, or the user's own). */
export function DentistsForActiveClinic() {
  const { clinic } = useSession();
  // A superadmin's clinic is chosen as soon as the clinic list arrives.
  if (clinic.id === null) return <LoadingState label="Loading clinics…" />;
  return <DentistsScreen key={clinic.id} clinicId={clinic.id} />;
}

/** An address that may wrap before its '@' on narrow screens, rather than anywhere inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <span className="dentist-email">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
