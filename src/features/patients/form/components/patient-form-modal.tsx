import type { CreatePatientPrefill } from '@/lib/feature-slots';
import type { PatientListItem } from '../../model/api/patient-columns';
import { AddPatientModal } from './add-patient-modal';
import { EditPatientModal } from './edit-patient-modal';

/** Add (from a Messenger contact: with its name and id), or Edit. */
type Mode = { kind: 'add'; prefill?: CreatePatientPrefill } | { kind: 'edit'; patient: PatientListItem };

/** The Add Patient and Edit Patient modals. */
export function PatientFormModal({
  clinicId,
  mode,
  onClose,
  onSaved,
}: {
  clinicId: number;
  mode: Mode;
  onClose: () => void;
  /** Called with the success text after the server confirmed the save. */
  onSaved: (successText: string) => void;
}) {
  return mode.kind === 'add' ? (
    <AddPatientModal clinicId={clinicId} prefill={mode.prefill} onClose={onClose} onSaved={onSaved} />
  ) : (
    <EditPatientModal clinicId={clinicId} patient={mode.patient} onClose={onClose} onSaved={onSaved} />
  );
}
