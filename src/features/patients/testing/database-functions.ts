import { db, mockRpc, pgError } from '@/testing/mocks';

/**
 * `delete_patient` as the migration defines it (supabase/migrations/…_patients_dentists.sql):
 * soft-deletes the patient and, in the same transaction, their live appointments; a patient that
 * is missing or already deleted raises PT404 (HTTP 404).
 */
export function mockPatientFunctions(): void {
  mockRpc('delete_patient', ({ p_patient_id }) => {
    const patient = db.table('patients').find(p_patient_id);
    if (!patient || patient.deleted)
      throw pgError('PT404', `Patient ${p_patient_id} not found; it may have been deleted.`);
    const removed = db
      .table('appointments')
      .update((row) => row.patient_id === p_patient_id && !row.deleted, { deleted: true });
    db.table('patients').update(p_patient_id, { deleted: true });
    return { deleted_appointments: removed.length };
  });
}
