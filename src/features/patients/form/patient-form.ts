/**
 * The Add and Edit Patient forms' values and what they write (the rules are the schema's:
 * ./api/patient-form.schema.ts), and how an edit meets a save made elsewhere meanwhile. Pure.
 */

/** The database's limits (supabase/migrations: patients checks), in characters. */
export const PATIENT_LIMITS = { name: 200, phone: 50, messengerId: 100 } as const;

/** What the inputs hold, as typed. */
export interface PatientFormValues {
  name: string;
  phone: string;
  messengerId: string;
}

export const EMPTY_PATIENT_FORM: PatientFormValues = { name: '', phone: '', messengerId: '' };

/** What is written: trimmed text, and a missing messenger id as null (the database refuses ''). */
export interface PatientFields {
  name: string;
  phone: string;
  messenger_id: string | null;
}

/** What Add Patient writes: name and phone, plus a Messenger contact's id when it came from one. */
export type NewPatientFields = Pick<PatientFields, 'name' | 'phone'> & { messenger_id?: string | null };

/** The Edit form starts from the stored patient. */
export function formValuesOf(patient: { name: string; phone: string | null; messenger_id: string | null }) {
  return { name: patient.name, phone: patient.phone ?? '', messengerId: patient.messenger_id ?? '' };
}

/** The patient as stored, in the shape that is written. */
export function storedFieldsOf(patient: {
  name: string;
  phone: string | null;
  messenger_id: string | null;
}): PatientFields {
  return { name: patient.name, phone: patient.phone ?? '', messenger_id: patient.messenger_id };
}

/**
 * After someone else saved the patient while this form was open: the form shows their values
 * (`current`) in the fields this user left as they were opened (`opened`), and keeps what this
 * user changed. Nothing typed is lost; nothing the other person saved is overwritten unseen.
 */
export function mergeConcurrentEdit(
  values: PatientFormValues,
  opened: PatientFields,
  current: PatientFields,
): PatientFormValues {
  const currentValues = formValuesOf(current);
  return {
    name: values.name.trim() === opened.name ? currentValues.name : values.name,
    phone: values.phone.trim() === opened.phone ? currentValues.phone : values.phone,
    messengerId:
      (values.messengerId.trim() || null) === opened.messenger_id ? currentValues.messengerId : values.messengerId,
  };
}
