import { getSupabase } from '@/lib/supabase';
import { AppointmentRequestError, toAppointmentRequestError } from '../../model/api/appointment-errors';

/**
 * Spec §7 "update deleted true by id" (a soft delete, shown as 'Appointment cancelled'), asking
 * for the row back: no row means it was already deleted elsewhere.
 */
export async function deleteAppointment(clinicId: number, appointmentId: number): Promise<void> {
  const { data, error, status } = await getSupabase()
    .from('appointments')
    .update({ deleted: true })
    .eq('id', appointmentId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .select('id');
  if (error) throw toAppointmentRequestError(error, status);
  if (data.length === 0) throw new AppointmentRequestError('gone');
}
