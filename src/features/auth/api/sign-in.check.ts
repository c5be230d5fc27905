import type { FormCheck } from '@/components/form/use-checked-form';
import { EXTRA_TEXT } from '../messages';
import { isBlank, LIMITS, tooLong } from '../validation';

export interface SignInFields {
  email: string;
  password: string;
}

/**
 * Login: e-mail and password required, whitespace-only counting as empty, then each within its
 * limit; the first refusal is the form's one message. What passes is sent as typed
 * (signInWithPassword trims the e-mail itself).
 */
export const checkSignIn: FormCheck<SignInFields, SignInFields> = (values) => {
  const refusal =
    isBlank(values.email) || isBlank(values.password)
      ? EXTRA_TEXT.loginFieldsRequired
      : (tooLong('Email', values.email.trim(), LIMITS.email) ?? tooLong('Password', values.password, LIMITS.password));
  return refusal ? { ok: false, message: refusal } : { ok: true, value: values };
};
