import { useQuery } from '@tanstack/react-query';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { chartKeys } from '../../model/query-keys';

export interface ChartAppointment {
  id: number;
  appointment_time: string;
  reason: string | null;
}

/** The patient's latest appointments (newest first), for an entry to name the visit it was charted at. */
export async function getPatientAppointments(clinicId: number, patientId: number): Promise<ChartAppointment[]> {
  return throwOnError(
    await getSupabase()
      .from('appointments')
      .select('id, appointment_time, reason')
      .eq('clinic_id', clinicId)
      .eq('patient_id', patientId)
      .eq('deleted', false)
      .order('appointment_time', { ascending: false })
      .limit(20),
  );
}

export function usePatientAppointments(clinicId: number, patientId: number) {
  return useQuery({
    queryKey: chartKeys.appointments(clinicId, patientId),
    queryFn: () => getPatientAppointments(clinicId, patientId),
  });
}
