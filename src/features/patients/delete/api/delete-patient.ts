import { requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';

/**
 * Soft-deletes a patient and, in the same transaction, their appointments (the RPC
 * `delete_patient`, docs/adr/0011-deleting.md). A patient already deleted elsewhere raises PT404 (HTTP 404): 'gone'.
 */
export async function deletePatient(patientId: number): Promise<{ deletedAppointments: number }> {
  const data = throwOnError(await getSupabase().rpc('delete_patient', { p_patient_id: patientId }));
  return { deletedAppointments: data?.deleted_appointments ?? 0 };
}

/** One delete at a time per patient; a patient found gone makes the list be read again. */
export function useDeletePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  return useGuardedMutation({
    mutationKey: (patientId: number) => patientKeys.delete(patientId),
    mutationFn: deletePatient,
    onSuccess: (_result, patientId) => {
      cache.remove(patientId);
      cache.forgetHistory(patientId);
    },
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone') void cache.refresh();
    },
  });
}
