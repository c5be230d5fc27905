import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { LINK_PATIENT_COLUMNS, type LinkPatient } from './search-link-patients';

/** A patient as stored now, and the name of the sender its Messenger ID belongs to (null when none is known). */
export interface CurrentLink {
  patient: LinkPatient;
  contactName: string | null;
}

/**
 * The patient as Link to patient shows it, read again after a link found it changed: its Messenger
 * ID, and who that is as the clinic's page knows them (the most recent writer with that id).
 * Null when the patient is deleted or not the clinic's.
 */
export async function getCurrentLink(clinicId: number, patientId: number): Promise<CurrentLink | null> {
  const patients = throwOnError(
    await getSupabase()
      .from('patients')
      .select(LINK_PATIENT_COLUMNS)
      .eq('id', patientId)
      .eq('clinic_id', clinicId)
      .eq('deleted', false),
  );
  const patient = patients[0];
  if (!patient) return null;
  if (patient.messenger_id === null) return { patient, contactName: null };
  const contacts = throwOnError(
    await getSupabase()
      .from('messenger_contacts')
      .select('display_name')
      .eq('clinic_id', clinicId)
      .eq('psid', patient.messenger_id)
      .order('last_inbound_at', { ascending: false, nullsFirst: false })
      .limit(1),
  );
  return { patient, contactName: contacts[0]?.display_name?.trim() || null };
}
