import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { patientKeys } from '../../model/query-keys';

/**
 * How many appointments of the patient are not deleted, for the delete confirmation's wording.
 * Counted by the database (HEAD with an exact count): no rows are sent.
 */
export async function countPatientAppointments(clinicId: number, patientId: number): Promise<number> {
  const { count, error, status } = await getSupabase()
    .from('appointments')
    .select('id', { count: 'exact', head: true })
    .eq('clinic_id', clinicId)
    .eq('patient_id', patientId)
    .eq('deleted', false);
  if (error) throw toRequestError(error, status);
  return count ?? 0;
}

/** Asks afresh each time Delete is clicked: appointments may have been booked a moment ago. */
export function useCountPatientAppointments(clinicId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (patientId: number) =>
      queryClient.fetchQuery({
        queryKey: patientKeys.appointmentCount(clinicId, patientId),
        queryFn: () => countPatientAppointments(clinicId, patientId),
        staleTime: 0,
        retry: false,
      }),
    [queryClient, clinicId],
  );
}
