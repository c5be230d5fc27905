import { useQuery } from '@tanstack/react-query';
import type { AppointmentRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { patientKeys } from '../../model/query-keys';

export type PatientHistoryEntry = Pick<AppointmentRow, 'id' | 'appointment_time' | 'reason' | 'status'> & {
  dentists: { name: string } | null;
};

/**
 * The patient's appointments that are not deleted, newest first, with the dentist's name
 * (appointments ordered by appointment_time descending).
 */
export async function getPatientHistory(clinicId: number, patientId: number): Promise<PatientHistoryEntry[]> {
  const { data, error, status } = await getSupabase()
    .from('appointments')
    .select('id, appointment_time, reason, status, dentists(name)')
    .eq('clinic_id', clinicId)
    .eq('patient_id', patientId)
    .eq('deleted', false)
    .order('appointment_time', { ascending: false })
    .order('id', { ascending: false })
    // database.types.ts declares no relationships, so the embed is typed here.
    .overrideTypes<PatientHistoryEntry[], { merge: false }>();
  if (error) throw toRequestError(error, status);
  return data;
}

/** Read each time the history opens (cached answers show at once while the fresh one arrives). */
export function usePatientHistory(clinicId: number, patientId: number) {
  return useQuery({
    queryKey: patientKeys.history(clinicId, patientId),
    queryFn: () => getPatientHistory(clinicId, patientId),
    staleTime: 0,
  });
}
