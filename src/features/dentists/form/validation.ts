/**
 * The Add and Edit Dentist forms' rules (spec part 1 §5): name, email and phone required, with
 * the spec's two wordings; whitespace-only counts as empty; the database's limits and e-mail
 * shape are checked here too, so a bad value gets a clear message instead of a refused insert.
 */
import { DENTIST_FORM_EXTRA_TEXT, DENTIST_FORM_TEXT } from './messages';

/** The database's limits (dentists table checks). */
export const DENTIST_LIMITS = { name: 200, email: 320, phone: 50 } as const;

/** The same shape the database checks: something@something, no spaces. */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+$/;

export interface DentistFormValues {
  name: string;
  email: string;
  phone: string;
  isActive: boolean;
}

/** What is written: trimmed texts. */
export interface DentistInput {
  name: string;
  email: string;
  phone: string;
  is_active: boolean;
}

export type DentistValidation = { ok: true; input: DentistInput } | { ok: false; message: string };

export function validateDentist(values: DentistFormValues, mode: 'add' | 'edit'): DentistValidation {
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (name === '' || email === '' || phone === '') {
    return { ok: false, message: mode === 'add' ? DENTIST_FORM_TEXT.addRequired : DENTIST_FORM_TEXT.editRequired };
  }
  if (name.length > DENTIST_LIMITS.name)
    return { ok: false, message: DENTIST_FORM_EXTRA_TEXT.tooLong('Name', DENTIST_LIMITS.name) };
  if (email.length > DENTIST_LIMITS.email)
    return { ok: false, message: DENTIST_FORM_EXTRA_TEXT.tooLong('Email', DENTIST_LIMITS.email) };
  if (!EMAIL_SHAPE.test(email)) return { ok: false, message: DENTIST_FORM_EXTRA_TEXT.invalidEmail };
  if (phone.length > DENTIST_LIMITS.phone)
    return { ok: false, message: DENTIST_FORM_EXTRA_TEXT.tooLong('Phone', DENTIST_LIMITS.phone) };
  return { ok: true, input: { name, email, phone, is_active: values.isActive } };
}

/** The dentist as stored, in the shape that is written. */
export function storedDentistInput(dentist: {
  name: string;
  email: string;
  phone: string;
  is_active: boolean;
}): DentistInput {
  return { name: dentist.name, email: dentist.email, phone: dentist.phone, is_active: dentist.is_active };
}

/**
 * After someone else saved the dentist while this form was open (or toggled Active in the list):
 * the form shows their values (`current`) where this user left a field as it was opened
 * (`opened`), and keeps what this user changed.
 */
export function mergeConcurrentDentistEdit(
  values: DentistFormValues,
  opened: DentistInput,
  current: DentistInput,
): DentistFormValues {
  return {
    name: values.name.trim() === opened.name ? current.name : values.name,
    email: values.email.trim() === opened.email ? current.email : values.email,
    phone: values.phone.trim() === opened.phone ? current.phone : values.phone,
    isActive: values.isActive === opened.is_active ? current.is_active : values.isActive,
  };
}
