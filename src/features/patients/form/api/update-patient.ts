import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';
import type { PatientFields } from '../patient-form';

/**
 * Saves an edited patient: update by id {name, phone, messenger_id, clinic_id}, only
 * while the patient is not deleted and still holds what the form was opened with (`opened`), so a
 * save never undoes unseen what someone else saved meanwhile (a Messenger link made in Clinic
 * Config, a corrected phone). The saved row, or null when the update matched nothing (the patient
 * was changed or deleted meanwhile: ../save-patient.ts reads it again to tell which).
 */
export async function updatePatient(
  clinicId: number,
  patientId: number,
  fields: PatientFields,
  opened: PatientFields,
): Promise<PatientListItem | null> {
  const update = getSupabase()
    .from('patients')
    .update({ name: fields.name, phone: fields.phone, messenger_id: fields.messenger_id, clinic_id: clinicId })
    .eq('id', patientId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .eq('name', opened.name)
    .eq('phone', opened.phone);
  const rows = throwOnError(
    await (
      opened.messenger_id === null ? update.is('messenger_id', null) : update.eq('messenger_id', opened.messenger_id)
    ).select(PATIENT_LIST_COLUMNS),
  );
  return rows[0] ?? null;
}

export interface PatientUpdate {
  patientId: number;
  fields: PatientFields;
  /** What the form was opened with (or last brought up to date with). */
  opened: PatientFields;
}

/** One save at a time per patient; a saved row goes into the list. */
export function useUpdatePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  return useGuardedMutation({
    mutationKey: ({ patientId }: PatientUpdate) => patientKeys.update(patientId),
    mutationFn: ({ patientId, fields, opened }: PatientUpdate) => updatePatient(clinicId, patientId, fields, opened),
    onSuccess: (row) => {
      if (row) cache.put(row);
    },
  });
}
