import { useState } from 'react';
import { HeaderMessage, useHeaderMessage } from '@/components/header-message/header-message';
import { Modal } from '@/components/modal/modal';
import { Screen } from '@/components/screen/screen';
import { ErrorState, LoadingState } from '@/components/states/states';
import { TruncatedText } from '@/components/truncated-text/truncated-text';
import { useClinicZone } from '@/entities/clinic';
import { useSession } from '@/lib/session';
import { AvailabilityManager } from './availability/components/availability-manager';
import { DeleteDentistModal } from './delete/components/delete-dentist-modal';
import { DentistFormModal } from './form/components/dentist-form-modal';
import { DentistsTable } from './list/components/dentists-table';
import { useDentists, type Dentist } from './model/api/get-dentists';
import { DENTIST_TEXT } from './model/messages';
import './dentists.css';

type OpenModal =
  | { kind: 'add' }
  | { kind: 'edit'; dentist: Dentist }
  | { kind: 'delete'; dentist: Dentist }
  | { kind: 'availability'; dentist: Dentist };

/**
 * The Dentists screen: the table sorted by name, the Status toggle, and the
 * Add, Edit, Confirm Delete and Availability Manager modals. Messages show in the header for
 * 1.2 s, only while no modal is open.
 */
export function DentistsScreen({ clinicId }: { clinicId: number }) {
  const dentists = useDentists(clinicId);
  const { timeZone } = useClinicZone(clinicId);
  const header = useHeaderMessage();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => setModal(null);
  const done = (message: string) => {
    setModal(null);
    header.showSuccess(message);
  };

  return (
    <Screen
      className="dentists-screen"
      titleId="dentists-title"
      title={DENTIST_TEXT.title}
      sticky
      message={<HeaderMessage message={header.message} onDismiss={header.clear} onExpire={header.expire} />}
      tools={
        <button type="button" className="button button-primary" onClick={() => setModal({ kind: 'add' })}>
          {DENTIST_TEXT.add}
        </button>
      }
    >
      {dentists.isError ? (
        <ErrorState title={DENTIST_TEXT.fetchFailed} onRetry={() => void dentists.refetch()} />
      ) : (
        <DentistsTable
          dentists={dentists.data ?? []}
          loading={dentists.isPending}
          actions={{
            onManageAvailability: (dentist) => setModal({ kind: 'availability', dentist }),
            onEdit: (dentist) => setModal({ kind: 'edit', dentist }),
            onDelete: (dentist) => setModal({ kind: 'delete', dentist }),
          }}
          onSuccess={header.showSuccess}
          onError={header.showError}
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
        <DeleteDentistModal dentist={modal.dentist} timeZone={timeZone} onClose={close} onDeleted={done} />
      ) : null}
      {modal?.kind === 'availability' ? (
        <Modal
          open
          // A 200-character name stays on one line (whole on focus or a tap) above the calendar.
          title={<TruncatedText className="modal-title-text" text={modal.dentist.name} />}
          onClose={close}
          size="large"
        >
          <AvailabilityManager dentist={{ id: modal.dentist.id, name: modal.dentist.name }} />
        </Modal>
      ) : null}
    </Screen>
  );
}

/** The screen for the clinic the session works on (the superadmin's choice, or the user's own). */
export function DentistsForActiveClinic() {
  const { clinic } = useSession();
  // A superadmin's clinic is chosen as soon as the clinic list arrives.
  if (clinic.id === null) return <LoadingState label="Loading clinics…" />;
  return <DentistsScreen key={clinic.id} clinicId={clinic.id} />;
}
