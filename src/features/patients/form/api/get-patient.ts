import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';

/** The patient as stored now, or null when it is deleted (or not the clinic's). */
export async function getPatient(clinicId: number, patientId: number): Promise<PatientListItem | null> {
  const rows = throwOnError(
    await getSupabase()
      .from('patients')
      .select(PATIENT_LIST_COLUMNS)
      .eq('id', patientId)
      .eq('clinic_id', clinicId)
      .eq('deleted', false),
  );
  return rows[0] ?? null;
}
