import type { AppointmentStatus } from '@/lib/database.types';
import { getSupabase } from '@/lib/supabase';
import { BookingRequestError, toBookingRequestError } from '../outcome';
import type { AppointmentWrite } from '../validation';

/**
 * Book: insert {dentist_id, patient_id, appointment_time, reason, clinic_id} (spec part 2 §7), no
 * status (the database's default, Scheduled). Returns the new appointment's id.
 */
export async function insertAppointment(row: AppointmentWrite & { readonly clinic_id: number }): Promise<number> {
  const { data, error, status } = await getSupabase().from('appointments').insert(row).select('id').single();
  if (error) throw toBookingRequestError(error, status);
  return data.id;
}

/**
 * Save (Edit): update dentist_id, patient_id, appointment_time, reason and status by id. Only a
 * live row is updated: one deleted meanwhile (RLS does not hide those) matches nothing, which is a
 * 'gone' BookingRequestError and writes nothing.
 */
export async function updateAppointment(
  clinicId: number,
  appointmentId: number,
  change: AppointmentWrite & { readonly status: AppointmentStatus },
): Promise<number> {
  const { data, error, status } = await getSupabase()
    .from('appointments')
    .update(change)
    .eq('id', appointmentId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .select('id');
  if (error) throw toBookingRequestError(error, status);
  const updated = data[0];
  if (!updated) throw new BookingRequestError('gone');
  return updated.id;
}
