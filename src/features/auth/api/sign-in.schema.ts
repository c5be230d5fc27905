import { z } from 'zod';
import { EXTRA_TEXT } from '../messages';
import { isBlank, LIMITS, tooLong } from '../validation';

/**
 * Login (spec part 1 §2): e-mail and password required, whitespace-only counting as empty, then
 * each within its limit; the first refusal is the form's one message. What passes is sent as typed
 * (signInWithPassword trims the e-mail itself).
 */
export const signInSchema = z.object({ email: z.string(), password: z.string() }).transform((values, context) => {
  const refusal =
    isBlank(values.email) || isBlank(values.password)
      ? EXTRA_TEXT.loginFieldsRequired
      : (tooLong('Email', values.email.trim(), LIMITS.email) ?? tooLong('Password', values.password, LIMITS.password));
  if (refusal) {
    context.addIssue({ code: 'custom', path: ['root'], message: refusal });
    return z.NEVER;
  }
  return values;
});
