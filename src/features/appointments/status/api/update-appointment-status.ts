import { useQueryClient } from '@tanstack/react-query';
import type { AppointmentStatus } from '@common/contract';
import { RequestError, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';

export interface StatusUpdate {
  clinicId: number;
  appointmentId: number;
  /** The status the list showed: the update only lands if nobody changed it meanwhile. */
  from: string;
  to: AppointmentStatus;
  /** The clinic's reason, kept with a cancellation (the database refuses one on any other status). */
  cancelReason?: string | null;
}

/**
 * Tells a write that touched no row apart: the appointment was deleted (or never visible), or
 * it is still there but no longer as the list showed it.
 */
export async function whyNoRow(clinicId: number, appointmentId: number): Promise<RequestError> {
  const { data, error } = await getSupabase()
    .from('appointments')
    .select('id, deleted')
    .eq('id', appointmentId)
    .eq('clinic_id', clinicId)
    .limit(1);
  if (error || !data[0] || data[0].deleted) return new RequestError('gone');
  return new RequestError('changed');
}

/**
 * Updates the status by id, filtered by clinic, not deleted, and the status the user saw,
 * asking for the row back: no row means it was deleted ('gone') or changed ('changed') elsewhere.
 */
export async function updateAppointmentStatus({
  clinicId,
  appointmentId,
  from,
  to,
  cancelReason,
}: StatusUpdate): Promise<void> {
  const rows = throwOnError(
    await trackOwnWrite(
      getSupabase()
        .from('appointments')
        .update(cancelReason ? { status: to, cancel_reason: cancelReason } : { status: to })
        .eq('id', appointmentId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .eq('status', from as AppointmentStatus)
        .select('id, status, updated_at'),
    ),
  );
  if (rows.length === 0) throw await whyNoRow(clinicId, appointmentId);
}

/**
 * One row's status update, one at a time per appointment. The list is read again whether it
 * worked or not, so a row changed or deleted elsewhere shows its latest state.
 */
export function useUpdateAppointmentStatus(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (update: StatusUpdate) => appointmentKeys.updateStatus(update.appointmentId),
    mutationFn: updateAppointmentStatus,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) });
    },
  });
}
