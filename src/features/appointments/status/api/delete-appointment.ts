import { useQueryClient } from '@tanstack/react-query';
import type { AppointmentStatus } from '@common/contract';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';
import { whyNoRow, type ShownAppointment } from './update-appointment-status';

export interface AppointmentDeletion {
  clinicId: number;
  appointmentId: number;
  /** The appointment as the confirmation named it: the delete only lands if nobody changed it meanwhile. */
  shown: ShownAppointment;
}

/**
 * Sets deleted to true by id (a soft delete, shown as 'Appointment cancelled'), filtered by clinic,
 * not deleted, and the status, time, dentist and patient the confirmation named, asking for the
 * row back: no row means it was deleted ('gone') or changed ('changed') elsewhere. A visit moved
 * or reassigned meanwhile is not the one staff agreed to delete.
 */
export async function deleteAppointment({ clinicId, appointmentId, shown }: AppointmentDeletion): Promise<void> {
  const rows = throwOnError(
    await trackOwnWrite(
      getSupabase()
        .from('appointments')
        .update({ deleted: true })
        .eq('id', appointmentId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .eq('status', shown.status as AppointmentStatus)
        .eq('appointment_time', shown.appointment_time)
        .eq('dentist_id', shown.dentist_id)
        .eq('patient_id', shown.patient_id)
        .select('id, updated_at'),
    ),
  );
  if (rows.length === 0) throw await whyNoRow(clinicId, appointmentId);
}

/** Deletes one appointment, one at a time per appointment; the list is read again either way. */
export function useDeleteAppointment(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (deletion: AppointmentDeletion) => appointmentKeys.delete(deletion.appointmentId),
    mutationFn: deleteAppointment,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) });
    },
  });
}
