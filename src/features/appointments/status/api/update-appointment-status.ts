import { getSupabase } from '@/lib/supabase';
import type { AppointmentStatus } from '../../model/status-rules';
import { AppointmentRequestError, toAppointmentRequestError } from '../../model/api/appointment-errors';

export interface StatusUpdate {
  clinicId: number;
  appointmentId: number;
  /** The status the list showed: the update only lands if nobody changed it meanwhile. */
  from: string;
  to: AppointmentStatus;
}

/**
 * Tells a write that touched no row apart: the appointment was deleted (or never visible), or
 * it is still there but no longer as the list showed it.
 */
export async function whyNoRow(clinicId: number, appointmentId: number): Promise<AppointmentRequestError> {
  const { data, error } = await getSupabase()
    .from('appointments')
    .select('id, deleted')
    .eq('id', appointmentId)
    .eq('clinic_id', clinicId)
    .limit(1);
  if (error || !data[0] || data[0].deleted) return new AppointmentRequestError('gone');
  return new AppointmentRequestError('changed');
}

/**
 * Spec §7 "update status by id", filtered by clinic, not deleted, and the status the user saw,
 * asking for the row back: no row means it was deleted or changed elsewhere.
 */
export async function updateAppointmentStatus({ clinicId, appointmentId, from, to }: StatusUpdate): Promise<void> {
  const { data, error, status } = await getSupabase()
    .from('appointments')
    .update({ status: to })
    .eq('id', appointmentId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .eq('status', from as AppointmentStatus)
    .select('id, status');
  if (error) throw toAppointmentRequestError(error, status);
  if (data.length === 0) throw await whyNoRow(clinicId, appointmentId);
}
