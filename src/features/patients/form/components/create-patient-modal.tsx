import type { CreatePatientModalProps } from '@/lib/feature-slots';
import { PatientFormModal } from './patient-form-modal';

/**
 * Add Patient prefilled from a Messenger contact (Clinic Config's 'Create patient', through the
 * CreatePatientModal feature slot): the sender's name and Messenger ID; staff type the phone.
 */
export function CreatePatientModal({ clinicId, prefill, onClose, onSaved }: CreatePatientModalProps) {
  return <PatientFormModal clinicId={clinicId} mode={{ kind: 'add', prefill }} onClose={onClose} onSaved={onSaved} />;
}
