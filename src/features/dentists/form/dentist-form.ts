/**
 * The Add and Edit Dentist forms' values and what they write (the rules are the schema's:
 * ./api/dentist-form.schema.ts), and how an edit meets a save made elsewhere meanwhile. Pure.
 */

/** The database's limits (dentists table checks). */
export const DENTIST_LIMITS = { name: 200, email: 320, phone: 50 } as const;

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

/** The form as it opens: the dentist to edit, or empty and Active for Add. */
export function dentistFormValuesOf(dentist: DentistInput | undefined): DentistFormValues {
  return {
    name: dentist?.name ?? '',
    email: dentist?.email ?? '',
    phone: dentist?.phone ?? '',
    isActive: dentist?.is_active ?? true,
  };
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
