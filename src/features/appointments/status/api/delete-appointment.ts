import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';

/**
 * Sets deleted to true by id (a soft delete, shown as 'Appointment cancelled'), asking
 * for the row back: no row means it was already deleted elsewhere ('gone').
 */
export async function deleteAppointment(clinicId: number, appointmentId: number): Promise<void> {
  firstRowOrGone(
    throwOnError(
      await trackOwnWrite(
        getSupabase()
          .from('appointments')
          .update({ deleted: true })
          .eq('id', appointmentId)
          .eq('clinic_id', clinicId)
          .eq('deleted', false)
          .select('id, updated_at'),
      ),
    ),
  );
}

/** Deletes one appointment, one at a time per appointment; the list is read again either way. */
export function useDeleteAppointment(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (appointmentId: number) => appointmentKeys.delete(appointmentId),
    mutationFn: (appointmentId: number) => deleteAppointment(clinicId, appointmentId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) });
    },
  });
}
