import { z } from 'zod';
import { PATIENT_FORM_EXTRA_TEXT, PATIENT_FORM_TEXT } from '../messages';
import { PATIENT_LIMITS, type NewPatientFields, type PatientFields, type PatientFormValues } from '../patient-form';

/**
 * The Add and Edit Patient forms' rules: name and phone required (whitespace-only
 * counts as empty), then each field within the database's length; the first refusal is the form's
 * one message. What passes is sent trimmed, a missing Messenger ID as null (the database refuses '').
 */
const typed = z.object({ name: z.string(), phone: z.string(), messengerId: z.string() });

/** Length in characters as the database counts them (code points, not UTF-16 units). */
const lengthOf = (value: string) => [...value].length;

function refusalOf(values: PatientFormValues, requiredText: string, withMessengerId: boolean): string | null {
  if (values.name.trim() === '' || values.phone.trim() === '') return requiredText;
  const bounded: [string, string, number][] = [
    ['Name', values.name, PATIENT_LIMITS.name],
    ['Phone', values.phone, PATIENT_LIMITS.phone],
  ];
  if (withMessengerId) bounded.push(['Messenger ID', values.messengerId, PATIENT_LIMITS.messengerId]);
  for (const [label, value, max] of bounded) {
    if (lengthOf(value.trim()) > max) return PATIENT_FORM_EXTRA_TEXT.tooLong(label, max);
  }
  return null;
}

const messengerIdOf = (values: PatientFormValues) => values.messengerId.trim() || null;

/**
 * Add Patient: name and phone. Opened from a Messenger contact (`withMessengerId`), it also writes
 * the contact's id (bounded, null when cleared); the plain form writes name and phone only.
 */
export function newPatientSchema(withMessengerId: boolean) {
  return typed.transform((values, context): NewPatientFields => {
    const refusal = refusalOf(values, PATIENT_FORM_TEXT.addRequired, withMessengerId);
    if (refusal) {
      context.addIssue({ code: 'custom', path: ['root'], message: refusal });
      return z.NEVER;
    }
    const fields = { name: values.name.trim(), phone: values.phone.trim() };
    return withMessengerId ? { ...fields, messenger_id: messengerIdOf(values) } : fields;
  });
}

/** Edit Patient: name and phone required, the Messenger ID optional but bounded. */
export const patientEditSchema = typed.transform((values, context): PatientFields => {
  const refusal = refusalOf(values, PATIENT_FORM_TEXT.editRequired, true);
  if (refusal) {
    context.addIssue({ code: 'custom', path: ['root'], message: refusal });
    return z.NEVER;
  }
  return { name: values.name.trim(), phone: values.phone.trim(), messenger_id: messengerIdOf(values) };
});
