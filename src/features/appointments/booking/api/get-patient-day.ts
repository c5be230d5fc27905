import { clinicDayRange, type IsoDate } from '@common/clinic-calendar';
import type { AppointmentRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { withTimeout } from '@/lib/with-timeout';
import { CHECK_TIMEOUT_MS } from './get-dentist-day';

export type PatientDayAppointment = Pick<
  AppointmentRow,
  'id' | 'patient_id' | 'dentist_id' | 'appointment_time' | 'reason' | 'status' | 'deleted'
> & { dentist_name: string | null };

type Answer = Omit<PatientDayAppointment, 'dentist_name'> & { dentists: { name: string } | null };

/**
 * The double-booking check's read (appointments read by patient): the patient's
 * non-deleted appointments on that clinic date, any status, with the dentist's name for the
 * warning. Waits CHECK_TIMEOUT_MS at most.
 */
export async function getPatientDay(
  clinicId: number,
  patientId: number,
  date: IsoDate,
  timeZone: string,
): Promise<PatientDayAppointment[]> {
  const day = clinicDayRange(date, timeZone);
  const { data, error, status } = await withTimeout(
    Promise.resolve(
      getSupabase()
        .from('appointments')
        .select('id, patient_id, dentist_id, appointment_time, reason, status, deleted, dentists(name)')
        .eq('clinic_id', clinicId)
        .eq('patient_id', patientId)
        .eq('deleted', false)
        .gte('appointment_time', day.start.toISOString())
        .lt('appointment_time', day.end.toISOString())
        .order('appointment_time')
        // A check before saving: a connection failure is reported at once, not retried.
        .retry(false)
        // database.types.ts declares no relationships, so the embed is typed here.
        .overrideTypes<Answer[], { merge: false }>(),
    ),
    CHECK_TIMEOUT_MS,
  );
  if (error) throw toRequestError(error, status);
  return data.map(({ dentists, ...appointment }) => ({ ...appointment, dentist_name: dentists?.name ?? null }));
}
