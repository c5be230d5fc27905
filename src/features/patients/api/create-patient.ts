import { useCallback } from 'react';
import { getSupabase } from '@/lib/supabase';
import { useAction } from '@/lib/use-action';
import type { PatientFields } from '../patient-form';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from './patient-columns';
import { usePatientListCache } from './patient-list-cache';
import { toRequestError } from './request-error';

/** Adds a patient to the clinic: insert {name, phone, clinic_id} (spec §7). */
export async function createPatient(
  clinicId: number,
  fields: Pick<PatientFields, 'name' | 'phone'>,
): Promise<PatientListItem> {
  const { data, error, status } = await getSupabase()
    .from('patients')
    .insert({ name: fields.name, phone: fields.phone, clinic_id: clinicId })
    .select(PATIENT_LIST_COLUMNS)
    .single();
  if (error) throw toRequestError(error, status);
  return data;
}

/** One save at a time: a second click while the first is on its way does nothing. */
export function useCreatePatient(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  const create = useCallback(
    async (fields: Pick<PatientFields, 'name' | 'phone'>) => {
      const row = await createPatient(clinicId, fields);
      cache.put(row);
      return row;
    },
    [clinicId, cache],
  );
  return useAction(create);
}
