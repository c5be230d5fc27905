import { useQuery } from '@tanstack/react-query';
import type { AppointmentRow } from '@/lib/database.types';
import { RequestError, toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { withTimeout } from '@/lib/with-timeout';
import { appointmentKeys } from '../../model/query-keys';
import { CHECK_TIMEOUT_MS } from './get-dentist-day';

export type EditedAppointment = Pick<
  AppointmentRow,
  'id' | 'dentist_id' | 'patient_id' | 'appointment_time' | 'reason' | 'status'
> & { patient_name: string | null };

type Answer = Omit<EditedAppointment, 'patient_name'> & { deleted: boolean; patients: { name: string } | null };

/**
 * One appointment for Edit, with the patient's name (read one by id with the patient name). One
 * deleted meanwhile, or not there at all, is a 'gone' RequestError. `retry: false` for the check
 * before saving, which reports a connection failure at once.
 */
export async function getBookingAppointment(
  clinicId: number,
  appointmentId: number,
  options: { retry?: boolean } = {},
): Promise<EditedAppointment> {
  const { data, error, status } = await withTimeout(
    Promise.resolve(
      getSupabase()
        .from('appointments')
        .select('id, dentist_id, patient_id, appointment_time, reason, status, deleted, patients(name)')
        .eq('id', appointmentId)
        .eq('clinic_id', clinicId)
        .retry(options.retry ?? true)
        // database.types.ts declares no relationships, so the embed is typed here.
        .overrideTypes<Answer[], { merge: false }>(),
    ),
    CHECK_TIMEOUT_MS,
  );
  if (error) throw toRequestError(error, status);
  const row = data[0];
  if (!row || row.deleted) throw new RequestError('gone');
  const { patients, deleted: _deleted, ...appointment } = row;
  return { ...appointment, patient_name: patients?.name ?? null };
}

export function useBookingAppointment(clinicId: number, appointmentId: number | null) {
  return useQuery({
    queryKey: appointmentKeys.detail(clinicId, appointmentId ?? -1),
    queryFn: () => getBookingAppointment(clinicId, appointmentId!),
    enabled: appointmentId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
