import type { CreatePatientModalProps } from '@/lib/feature-slots';
import { AddPatientModal } from './add-patient-modal';

/**
 * Add Patient prefilled from a Messenger contact (Clinic Config's 'Create patient', through the
 * CreatePatientModal feature slot): the sender's name and Messenger ID; staff type the phone.
 */
export function CreatePatientModal({ clinicId, prefill, onClose, onSaved }: CreatePatientModalProps) {
  return <AddPatientModal clinicId={clinicId} prefill={prefill} onClose={onClose} onSaved={onSaved} />;
}
