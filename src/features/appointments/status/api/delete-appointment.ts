import { useQueryClient } from '@tanstack/react-query';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { appointmentKeys } from '../../model/query-keys';
import { writeWhileAsShown, type ShownAppointment } from './update-appointment-status';

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

/**
 * Deletes one appointment, one at a time per appointment; the list is read again either way, and
 * the delete ends once it has been.
 */
export function useDeleteAppointment(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (deletion: AppointmentDeletion) => appointmentKeys.delete(deletion.appointmentId),
    mutationFn: deleteAppointment,
    // Awaited after a write that landed; after a failure the row's failure shows at once (the list,
    // read again meanwhile, may itself be waiting for a server that is down).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) }),
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) }),
  });
}
