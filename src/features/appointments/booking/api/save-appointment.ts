import type { AppointmentStatus } from '@/lib/database.types';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';
import type { AppointmentWrite } from '../validation';

/** What the form saves: a new appointment (Book), or the change of an existing one (Save). */
export type AppointmentSave =
  | { readonly appointmentId: null; readonly write: AppointmentWrite & { readonly clinic_id: number } }
  | { readonly appointmentId: number; readonly write: AppointmentWrite & { readonly status?: AppointmentStatus } };

/**
 * Book: insert {dentist_id, patient_id, appointment_time, reason, clinic_id}, no
 * status (the database's default, Scheduled). Returns the new appointment's id.
 */
export async function insertAppointment(row: AppointmentWrite & { readonly clinic_id: number }): Promise<number> {
  return throwOnError(
    await trackOwnWrite(getSupabase().from('appointments').insert(row).select('id, updated_at').single()),
  ).id;
}

/**
 * Save (Edit): update dentist_id, patient_id, appointment_time, reason and status by id (no status
 * when a past appointment is corrected where it is: it keeps its own). Only a
 * live row is updated: one deleted meanwhile (RLS does not hide those) matches nothing, which is a
 * 'gone' RequestError and writes nothing.
 */
export async function updateAppointment(
  clinicId: number,
  appointmentId: number,
  change: AppointmentWrite & { readonly status?: AppointmentStatus },
): Promise<number> {
  const rows = throwOnError(
    await trackOwnWrite(
      getSupabase()
        .from('appointments')
        .update(change)
        .eq('id', appointmentId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .select('id, updated_at'),
    ),
  );
  return firstRowOrGone(rows).id;
}

/** Book or Save; answers the appointment's id. */
export function saveAppointment(clinicId: number, save: AppointmentSave): Promise<number> {
  return save.appointmentId === null
    ? insertAppointment(save.write)
    : updateAppointment(clinicId, save.appointmentId, save.write);
}

/**
 * The form's write, once per appointment at a time (a double click books once). What the write
 * makes stale is read again by the use case (../submit-booking.ts, keysAfterSave).
 */
export function useSaveAppointment(clinicId: number) {
  return useGuardedMutation({
    mutationKey: (save: AppointmentSave) => appointmentKeys.save(save.appointmentId),
    mutationFn: (save: AppointmentSave) => saveAppointment(clinicId, save),
  });
}
