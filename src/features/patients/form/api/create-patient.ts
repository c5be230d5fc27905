import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';
import type { NewPatientFields } from '../patient-form';

/**
 * Adds a patient to the clinic: insert {name, phone, clinic_id}, plus messenger_id when
 * made from a Messenger contact (a trigger then links the contact to the new patient).
 */
export async function createPatient(clinicId: number, fields: NewPatientFields): Promise<PatientListItem> {
  const messenger = fields.messenger_id === undefined ? {} : { messenger_id: fields.messenger_id };
  return throwOnError(
    await getSupabase()
      .from('patients')
      .insert({ name: fields.name, phone: fields.phone, clinic_id: clinicId, ...messenger })
      .select(PATIENT_LIST_COLUMNS)
      .single(),
  );
}

/** One save at a time: a second click while the first is on its way does nothing. */
export function useCreatePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  return useGuardedMutation({
    mutationKey: patientKeys.create(clinicId),
    mutationFn: (fields: NewPatientFields) => createPatient(clinicId, fields),
    onSuccess: (row) => {
      cache.put(row);
    },
  });
}
