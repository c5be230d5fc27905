import { z } from 'zod';
import { EXTRA_TEXT } from '../messages';
import { isBlank, LIMITS, tooLong, type SignupInput } from '../validation';

/**
 * Sign Up (spec part 1 §2): all four fields required, whitespace-only counting as empty, then each
 * within its limit, in the form's order; the first refusal is the form's one message. What passes
 * is sent with names and e-mail trimmed and the password exactly as typed. The clinic's key is the
 * input's name attribute, `clinic_name`, which react-hook-form reads.
 */
export const signUpSchema = z
  .object({ name: z.string(), email: z.string(), password: z.string(), clinic_name: z.string() })
  .transform((values, context): SignupInput => {
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
    if (refusal) {
      context.addIssue({ code: 'custom', path: ['root'], message: refusal });
      return z.NEVER;
    }
    return input;
  });
