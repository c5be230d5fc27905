import { useCallback, useRef, useState } from 'react';
import { confirmDialog } from '@/components/confirm-dialog';
import { refusalCodeOf } from '@/lib/refusal-text';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import type { PatientListItem } from '../../model/api/patient-columns';
import { failureText } from '../../model/failure-text';
import { useCountPatientAppointments } from '../api/count-patient-appointments';
import { useDeletePatient } from '../api/delete-patient';
import { PATIENT_DELETE_EXTRA_TEXT, PATIENT_DELETE_TEXT } from '../messages';

/** Where the delete flow reports, in the screen's header. */
export interface DeleteFlowMessages {
  showSuccess: (text: string) => void;
  showError: (text: string) => void;
  clear: () => void;
}

/**
 * A row's Delete: count the patient's appointments for the confirmation's wording,
 * ask, delete, and say how it went. A patient booked while the plain question was open is not
 * deleted with that appointment unasked: the question comes again with the appointments' wording.
 * One delete flow at a time on the screen; `deletingId` is the patient whose flow is running.
 */
export function useDeletePatientFlow(clinicId: number, { showSuccess, showError, clear }: DeleteFlowMessages) {
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const deleting = useRef(false);
  const countAppointments = useCountPatientAppointments(clinicId);
  const { mutateAsync: runDelete } = useDeletePatient(clinicId);

  const onDelete = useCallback(
    async (patient: PatientListItem) => {
      if (deleting.current) return;
      deleting.current = true;
      setDeletingId(patient.id);
      clear();
      try {
        let hasAppointments = true;
        try {
          hasAppointments = (await countAppointments(patient.id)) > 0;
        } catch (error) {
          // Unsure: warn as if there were appointments, since deleting removes them too.
          console.error('Ngiti: counting the appointments of a patient failed', error);
        }
        const confirm = (withAppointments: boolean) =>
          confirmDialog({
            title: PATIENT_DELETE_EXTRA_TEXT.confirmTitle,
            text: withAppointments ? PATIENT_DELETE_TEXT.confirmWithAppointments : PATIENT_DELETE_TEXT.confirmPlain,
          });
        if (!(await confirm(hasAppointments))) return;
        try {
          let done;
          try {
            done = await runDelete({ patientId: patient.id, withAppointments: hasAppointments });
          } catch (error) {
            // Booked while the plain question was open: ask again, in the spec's words for appointments.
            if (refusalCodeOf(error) !== 'patient_has_appointments' || !(await confirm(true))) throw error;
            done = await runDelete({ patientId: patient.id, withAppointments: true });
          }
          if (done !== ALREADY_PENDING) showSuccess(PATIENT_DELETE_TEXT.deleted);
        } catch (error) {
          if (refusalCodeOf(error) === 'patient_has_appointments') return;
          const failure = failureText(error, PATIENT_DELETE_TEXT.deleteFailed);
          showError(failure.detail ? `${failure.text} ${failure.detail}` : failure.text);
        }
      } finally {
        deleting.current = false;
        setDeletingId(null);
      }
    },
    [countAppointments, runDelete, showSuccess, showError, clear],
  );

  return { deletingId, onDelete };
}
