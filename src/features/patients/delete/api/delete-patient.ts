import { requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';

/** A delete as confirmed: `withAppointments` false when staff were told the patient had none. */
export interface PatientDelete {
  patientId: number;
  withAppointments: boolean;
}

/**
 * Soft-deletes a patient and, in the same transaction, their appointments (the RPC
 * `delete_patient`, docs/adr/0011-deleting.md). A patient already deleted elsewhere raises PT404 (HTTP 404): 'gone';
 * one confirmed without appointments who has some now is refused `patient_has_appointments`.
 */
export async function deletePatient({ patientId, withAppointments }: PatientDelete): Promise<{
  deletedAppointments: number;
}> {
  const data = throwOnError(
    await getSupabase().rpc('delete_patient', { p_patient_id: patientId, p_with_appointments: withAppointments }),
  );
  return { deletedAppointments: data?.deleted_appointments ?? 0 };
}

/** One delete at a time per patient; a patient found gone makes the list be read again. */
export function useDeletePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  return useGuardedMutation({
    mutationKey: ({ patientId }: PatientDelete) => patientKeys.delete(patientId),
    mutationFn: deletePatient,
    onSuccess: (_result, { patientId }) => {
      cache.remove(patientId);
      cache.forgetHistory(patientId);
    },
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone') void cache.refresh();
    },
  });
}
