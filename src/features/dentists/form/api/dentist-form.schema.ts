import { z } from 'zod';
import { DENTIST_LIMITS, type DentistInput } from '../dentist-form';
import { DENTIST_FORM_EXTRA_TEXT, DENTIST_FORM_TEXT } from '../messages';

/** The same shape the database checks: something@something, no spaces. */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+$/;

function refusalOf({ name, email, phone }: DentistInput, mode: 'add' | 'edit'): string | null {
  if (name === '' || email === '' || phone === '')
    return mode === 'add' ? DENTIST_FORM_TEXT.addRequired : DENTIST_FORM_TEXT.editRequired;
  if (name.length > DENTIST_LIMITS.name) return DENTIST_FORM_EXTRA_TEXT.tooLong('Name', DENTIST_LIMITS.name);
  if (email.length > DENTIST_LIMITS.email) return DENTIST_FORM_EXTRA_TEXT.tooLong('Email', DENTIST_LIMITS.email);
  if (!EMAIL_SHAPE.test(email)) return DENTIST_FORM_EXTRA_TEXT.invalidEmail;
  if (phone.length > DENTIST_LIMITS.phone) return DENTIST_FORM_EXTRA_TEXT.tooLong('Phone', DENTIST_LIMITS.phone);
  return null;
}

/**
 * The Add and Edit Dentist forms' rules: name, email and phone required, with the spec's two
 * wordings; whitespace-only counts as empty; the database's limits and e-mail shape are checked
 * here too, so a bad value gets a clear message instead of a refused insert. The first refusal is
 * the form's one message; what passes is sent trimmed, with the status.
 */
export function dentistFormSchema(mode: 'add' | 'edit') {
  return z
    .object({ name: z.string(), email: z.string(), phone: z.string(), isActive: z.boolean() })
    .transform((values, context): DentistInput => {
      const input = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        is_active: values.isActive,
      };
      const refusal = refusalOf(input, mode);
      if (refusal === null) return input;
      context.addIssue({ code: 'custom', path: ['root'], message: refusal });
      return z.NEVER;
    });
}
