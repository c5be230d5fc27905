import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AppointmentStatus } from '@common/contract';
import { invalidatePatientChart } from '@/entities/patient/query-keys';
import type { AppointmentRow } from '@/lib/database.types';
import { RequestError, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';

/**
 * The appointment as the list showed it when the change was chosen: its status, and whose visit it
 * is and when (what the status rules, the question asked and the patient's notification went by).
 */
export interface ShownAppointment {
  readonly status: string;
  readonly appointment_time: string;
  readonly dentist_id: number;
  readonly patient_id: number;
}

export interface StatusUpdate {
  clinicId: number;
  appointmentId: number;
  /** The appointment as the list showed it: the update only lands if nobody changed it meanwhile. */
  shown: ShownAppointment;
  to: AppointmentStatus;
  /** The clinic's reason, kept with a cancellation (the database refuses one on any other status). */
  cancelReason?: string | null;
}

/**
 * Tells a write that touched no row apart: the appointment was deleted (or never visible), or
 * it is still there but no longer as the list showed it.
 */
async function whyNoRow(clinicId: number, appointmentId: number): Promise<RequestError> {
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
 * Writes `change` to the appointment by id, filtered by clinic, not deleted, and the status, time,
 * dentist and patient the user saw, asking for the row back: no row means it was deleted ('gone')
 * or changed ('changed') elsewhere. The time matters as much as the status: moving an appointment
 * (Edit, a waitlist offer) may leave its status as it was, and No Show on today's overdue visit (or
 * a delete) must not land on tomorrow's; nor a notification go to a patient the question did not
 * name.
 */
export async function writeWhileAsShown(
  clinicId: number,
  appointmentId: number,
  shown: ShownAppointment,
  change: Partial<Pick<AppointmentRow, 'status' | 'cancel_reason' | 'deleted'>>,
): Promise<void> {
  const rows = throwOnError(
    await trackOwnWrite(
      getSupabase()
        .from('appointments')
        .update(change)
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

/** Sets the status (with the clinic's reason for a cancellation) while the appointment is as shown. */
export function updateAppointmentStatus({
  clinicId,
  appointmentId,
  shown,
  to,
  cancelReason,
}: StatusUpdate): Promise<void> {
  return writeWhileAsShown(
    clinicId,
    appointmentId,
    shown,
    cancelReason ? { status: to, cancel_reason: cancelReason } : { status: to },
  );
}

/**
 * What a row's write (a status change, a delete) does with the list: reads it again whether the
 * write worked or not, so a row changed or deleted elsewhere shows its latest state. A write that
 * landed ends once the list has been read, so the row's next action goes by what is stored now, not
 * by the row before; after a failure the failure shows at once (the list, read again meanwhile, may
 * itself be waiting for a server that is down). A write that landed also stales the patient's chart
 * and plan: a visit that stops being Completed reopens its work (ADR 0056), and one no longer to
 * come leaves its plan items unbooked.
 */
export function readListAgainAfterRowWrite(queryClient: QueryClient, clinicId: number) {
  const readAgain = () => queryClient.invalidateQueries({ queryKey: appointmentKeys.list(clinicId) });
  return {
    onSuccess: (_: unknown, { shown }: { shown: ShownAppointment }) => {
      void invalidatePatientChart(queryClient, clinicId, shown.patient_id);
      return readAgain();
    },
    onError: () => void readAgain(),
  };
}

/** One row's status update, one at a time per appointment (readListAgainAfterRowWrite). */
export function useUpdateAppointmentStatus(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (update: StatusUpdate) => appointmentKeys.updateStatus(update.appointmentId),
    mutationFn: updateAppointmentStatus,
    ...readListAgainAfterRowWrite(queryClient, clinicId),
  });
}
