import type { FormCheck } from '@/components/form/use-checked-form';
import { RESET_TEXT } from '../messages';
import { isBlank, LIMITS, tooLong } from '../validation';

/** The form's field: its key is the input's name attribute, which react-hook-form reads. */
export interface NewPasswordFields {
  'new-password': string;
}

/**
 * Reset Password: a new password, not whitespace-only, within its limit; the refusal is the form's
 * one message. What passes is sent exactly as typed.
 */
export const checkNewPassword: FormCheck<NewPasswordFields, { password: string }> = (values) => {
  const password = values['new-password'];
  const refusal = isBlank(password) ? RESET_TEXT.emptyPassword : tooLong('Password', password, LIMITS.password);
  return refusal ? { ok: false, message: refusal } : { ok: true, value: { password } };
};
