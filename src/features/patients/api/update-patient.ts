import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import type { PatientFields } from '../patient-form';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from './patient-columns';
import { usePatientListCache } from './patient-list-cache';
import { PatientRequestError, toRequestError } from './request-error';

/**
 * Saves an edited patient: update by id {name, phone, messenger_id, clinic_id} (spec §7), only
 * while the patient is not deleted; a patient deleted meanwhile is a 'gone' failure.
 */
export async function updatePatient(
  clinicId: number,
  patientId: number,
  fields: PatientFields,
): Promise<PatientListItem> {
  const { data, error, status } = await getSupabase()
    .from('patients')
    .update({ name: fields.name, phone: fields.phone, messenger_id: fields.messenger_id, clinic_id: clinicId })
    .eq('id', patientId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false)
    .select(PATIENT_LIST_COLUMNS)
    .maybeSingle();
  if (error) throw toRequestError(error, status);
  if (!data) throw new PatientRequestError('gone');
  return data;
}

export function useUpdatePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  const update = useCallback(
    async (patientId: number, fields: PatientFields) => {
      try {
        const row = await updatePatient(clinicId, patientId, fields);
        cache.put(row);
        return row;
      } catch (error) {
        if (error instanceof PatientRequestError && error.kind === 'gone') void cache.refresh();
        throw error;
      }
    },
    [clinicId, cache],
  );
  return useAction(update);
}
