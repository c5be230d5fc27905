import { useQueryClient } from '@tanstack/react-query';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { appointmentKeys } from '../../model/query-keys';
import { readListAgainAfterRowWrite, writeWhileAsShown, type ShownAppointment } from './update-appointment-status';

export interface AppointmentDeletion {
  clinicId: number;
  appointmentId: number;
  /** The appointment as the confirmation named it: the delete only lands if nobody changed it meanwhile. */
  shown: ShownAppointment;
}

/**
 * Sets deleted to true (a soft delete, shown as 'Appointment cancelled') while the appointment is
 * as the confirmation named it: a visit moved or reassigned meanwhile is not the one staff agreed
 * to delete ('changed'), and one deleted elsewhere is 'gone'.
 */
export function deleteAppointment({ clinicId, appointmentId, shown }: AppointmentDeletion): Promise<void> {
  return writeWhileAsShown(clinicId, appointmentId, shown, { deleted: true });
}

/** Deletes one appointment, one at a time per appointment (readListAgainAfterRowWrite). */
export function useDeleteAppointment(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (deletion: AppointmentDeletion) => appointmentKeys.delete(deletion.appointmentId),
    mutationFn: deleteAppointment,
    ...readListAgainAfterRowWrite(queryClient, clinicId),
  });
}
