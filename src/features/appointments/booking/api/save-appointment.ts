import type { AppointmentStatus } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { trackOwnWrite } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';
import type { StoredAppointmentFields } from '../concurrent-edit';
import type { AppointmentWrite } from '../validation';

/**
 * What the form saves: a new appointment (Book), or the change of an existing one (Save) with the
 * appointment as the form last saw it stored (`opened`).
 */
export type AppointmentSave =
  | { readonly appointmentId: null; readonly write: AppointmentWrite & { readonly clinic_id: number } }
  | {
      readonly appointmentId: number;
      readonly write: AppointmentWrite & { readonly status?: AppointmentStatus };
      readonly opened: StoredAppointmentFields;
    };

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
 * when a past appointment is corrected where it is: it keeps its own), only while the appointment
 * is live and still holds what the form last saw (`opened`: the same columns, status included), so
 * a save never undoes unseen a cancellation, a move or a note saved elsewhere meanwhile
 * (docs/adr/0023-concurrent-edits.md). A function called by POST, not a filtered PATCH: the
 * filter on the stored reason would put up to 1,000 characters of notes in the URL, 12 KB
 * percent-encoded, past what hosted Supabase's gateway takes. The saved id, or null when that
 * matched nothing: the appointment was changed or deleted meanwhile (RLS does not hide deleted
 * rows), and nothing was written; ../submit-booking.ts reads it again to tell which.
 */
export async function updateAppointment(
  clinicId: number,
  appointmentId: number,
  change: AppointmentWrite & { readonly status?: AppointmentStatus },
  opened: StoredAppointmentFields,
): Promise<number | null> {
  const rows = throwOnError(
    await trackOwnWrite(
      getSupabase().rpc('update_appointment_as_read', {
        p_appointment_id: appointmentId,
        p_clinic_id: clinicId,
        p_dentist_id: change.dentist_id,
        p_patient_id: change.patient_id,
        p_appointment_time: change.appointment_time,
        p_reason: change.reason,
        ...(change.status === undefined ? {} : { p_status: change.status }),
        p_read_dentist_id: opened.dentist_id,
        p_read_patient_id: opened.patient_id,
        p_read_appointment_time: opened.appointment_time,
        p_read_status: opened.status,
        ...(opened.reason === null ? {} : { p_read_reason: opened.reason }),
      }),
    ),
  );
  return rows[0]?.id ?? null;
}

/** Book or Save; answers the appointment's id, or null when Save found it changed or deleted meanwhile. */
export function saveAppointment(clinicId: number, save: AppointmentSave): Promise<number | null> {
  return save.appointmentId === null
    ? insertAppointment(save.write)
    : updateAppointment(clinicId, save.appointmentId, save.write, save.opened);
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
