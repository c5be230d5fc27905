import { z } from 'zod';
import { RESET_TEXT } from '../messages';
import { isBlank, LIMITS, tooLong } from '../validation';

/**
 * Reset Password (spec part 1 §5): a new password, not whitespace-only, within its limit; the
 * refusal is the form's one message. What passes is sent exactly as typed. The key is the input's
 * name attribute, `new-password`, which react-hook-form reads.
 */
export const updatePasswordSchema = z
  .object({ 'new-password': z.string() })
  .transform(({ 'new-password': password }, context) => {
    const refusal = isBlank(password) ? RESET_TEXT.emptyPassword : tooLong('Password', password, LIMITS.password);
    if (refusal) {
      context.addIssue({ code: 'custom', path: ['root'], message: refusal });
      return z.NEVER;
    }
    return { password };
  });
