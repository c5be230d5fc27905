import { NoShowBadge } from '@/components/no-show-badge/no-show-badge';
import { usePatientNoShowCount } from '../api/no-show-flags';

/**
 * The frequent no-show flag of the patient chosen in a form (the booking form): nothing until a
 * flagged patient is chosen. Staff still book; the flag only tells them to confirm ahead.
 */
export function PatientNoShowFlag({ clinicId, patientId }: { clinicId: number; patientId: number | null }) {
  const count = usePatientNoShowCount(clinicId, patientId);
  if (patientId === null || !count.data) return null;
  return (
    <p className="no-show-flag" role="status">
      <NoShowBadge count={count.data} />
    </p>
  );
}
