/**
 * The Add and Edit Patient forms' rules (spec part 1 §5): what counts as filled in, the longest
 * accepted values (the database's checks), and what is sent. Pure.
 */
import { PATIENT_FORM_EXTRA_TEXT, PATIENT_FORM_TEXT } from './messages';

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

/** Whitespace-only counts as empty. */
const isBlank = (value: string) => value.trim() === '';

/** Length in characters as the database counts them (code points, not UTF-16 units). */
const lengthOf = (value: string) => [...value].length;

function tooLong(values: PatientFormValues, withMessengerId: boolean): string | null {
  const checks: [string, string, number][] = [
    ['Name', values.name, PATIENT_LIMITS.name],
    ['Phone', values.phone, PATIENT_LIMITS.phone],
  ];
  if (withMessengerId) checks.push(['Messenger ID', values.messengerId, PATIENT_LIMITS.messengerId]);
  for (const [label, value, max] of checks) {
    if (lengthOf(value.trim()) > max) return PATIENT_FORM_EXTRA_TEXT.tooLong(label, max);
  }
  return null;
}

/**
 * Add Patient: name and phone required. Returns the message to show, or null when it may be sent.
 * `withMessengerId`: the form was opened from a Messenger contact and carries its id.
 */
export function validateNewPatient(values: PatientFormValues, withMessengerId = false): string | null {
  if (isBlank(values.name) || isBlank(values.phone)) return PATIENT_FORM_TEXT.addRequired;
  return tooLong(values, withMessengerId);
}

/** Edit Patient: name and phone required, messenger id optional. */
export function validatePatientEdit(values: PatientFormValues): string | null {
  if (isBlank(values.name) || isBlank(values.phone)) return PATIENT_FORM_TEXT.editRequired;
  return tooLong(values, true);
}

/** What Add Patient writes: name and phone, plus a Messenger contact's id when it came from one. */
export type NewPatientFields = Pick<PatientFields, 'name' | 'phone'> & { messenger_id?: string | null };

/**
 * The new patient's fields: the spec's Add form has name and phone only; opened from a Messenger
 * contact (`withMessengerId`), it also writes the contact's id, or null when cleared.
 */
export function newPatientFields(values: PatientFormValues, withMessengerId = false): NewPatientFields {
  const fields = { name: values.name.trim(), phone: values.phone.trim() };
  if (!withMessengerId) return fields;
  const messengerId = values.messengerId.trim();
  return { ...fields, messenger_id: messengerId === '' ? null : messengerId };
}

export function editedPatientFields(values: PatientFormValues): PatientFields {
  const messengerId = values.messengerId.trim();
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    messenger_id: messengerId === '' ? null : messengerId,
  };
}

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
  const typed = editedPatientFields(values);
  const currentValues = formValuesOf(current);
  return {
    name: typed.name === opened.name ? currentValues.name : values.name,
    phone: typed.phone === opened.phone ? currentValues.phone : values.phone,
    messengerId: typed.messenger_id === opened.messenger_id ? currentValues.messengerId : values.messengerId,
  };
}
