import { firstRowOrGone, requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';
import type { PatientFields } from '../patient-form';

/**
 * Saves an edited patient: update by id {name, phone, messenger_id, clinic_id} (spec §7), only
 * while the patient is not deleted; a patient deleted meanwhile is a 'gone' failure.
 */
export async function updatePatient(
  clinicId: number,
  patientId: number,
  fields: PatientFields,
): Promise<PatientListItem> {
  return firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('patients')
        .update({ name: fields.name, phone: fields.phone, messenger_id: fields.messenger_id, clinic_id: clinicId })
        .eq('id', patientId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .select(PATIENT_LIST_COLUMNS),
    ),
  );
}

export interface PatientUpdate {
  patientId: number;
  fields: PatientFields;
}

/** One save at a time per patient; a patient found gone makes the list be read again. */
export function useUpdatePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  return useGuardedMutation({
    mutationKey: ({ patientId }: PatientUpdate) => patientKeys.update(patientId),
    mutationFn: ({ patientId, fields }: PatientUpdate) => updatePatient(clinicId, patientId, fields),
    onSuccess: (row) => {
      cache.put(row);
    },
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone') void cache.refresh();
    },
  });
}
