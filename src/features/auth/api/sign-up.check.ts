import type { FormCheck } from '@/components/form/use-checked-form';
import { EXTRA_TEXT } from '../messages';
import { isBlank, LIMITS, tooLong, type SignupInput } from '../validation';

/** The form's fields; the clinic's key is the input's name attribute, which react-hook-form reads. */
export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  clinic_name: string;
}

/**
 * Sign Up: all four fields required, whitespace-only counting as empty, then each
 * within its limit, in the form's order; the first refusal is the form's one message. What passes
 * is sent with names and e-mail trimmed and the password exactly as typed.
 */
export const checkSignUp: FormCheck<SignUpFields, SignupInput> = (values) => {
  const input = {
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
    clinicName: values.clinic_name.trim(),
  };
  const refusal = [values.name, values.email, values.password, values.clinic_name].some(isBlank)
    ? EXTRA_TEXT.signupFieldsRequired
    : (tooLong('Name', input.name, LIMITS.name) ??
      tooLong('Email', input.email, LIMITS.email) ??
      tooLong('Password', input.password, LIMITS.password) ??
      tooLong('Clinic Name', input.clinicName, LIMITS.clinicName));
  return refusal ? { ok: false, message: refusal } : { ok: true, value: input };
};
