import { Modal } from '@/components/modal/modal';
import type { PatientListItem } from '../../model/api/patient-columns';
import { COVERAGE_TEXT } from '../messages';
import { DiscountIdForm } from './discount-id-form';
import { HmoCardsSection } from './hmo-cards-section';
import './coverage.css';

/**
 * A patient's HMO cards and senior citizen / PWD ID, opened from their row in the Patients list:
 * the cards with their status on today's clinic day, a form to add one, and the discount ID.
 */
export function PatientCoverageModal({
  clinicId,
  patient,
  onClose,
}: {
  clinicId: number;
  patient: PatientListItem;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      title={COVERAGE_TEXT.title(patient.name)}
      onClose={onClose}
      closeLabel={COVERAGE_TEXT.close}
      size="large"
    >
      <div className="coverage">
        <HmoCardsSection clinicId={clinicId} patientId={patient.id} />
        <DiscountIdForm clinicId={clinicId} patientId={patient.id} />
      </div>
    </Modal>
  );
}
