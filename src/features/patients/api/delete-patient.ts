import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import { usePatientListCache } from './patient-list-cache';
import { PatientRequestError, toRequestError } from './request-error';

/**
 * Soft-deletes a patient and, in the same transaction, their appointments (the RPC
 * `delete_patient`, docs/decisions.md). A patient already deleted elsewhere is a 'gone' failure.
 */
export async function deletePatient(patientId: number): Promise<{ deletedAppointments: number }> {
  const { data, error, status } = await getSupabase().rpc('delete_patient', { p_patient_id: patientId });
  if (error) throw toRequestError(error, status);
  return { deletedAppointments: data?.deleted_appointments ?? 0 };
}

export function useDeletePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  const remove = useCallback(
    async (patientId: number) => {
      try {
        const result = await deletePatient(patientId);
        cache.remove(patientId);
        cache.forgetHistory(patientId);
        return result;
      } catch (error) {
        if (error instanceof PatientRequestError && error.kind === 'gone') void cache.refresh();
        throw error;
      }
    },
    [cache],
  );
  return useAction(remove);
}
