import { z } from 'zod';
import { checkAddUser } from '../../model/user-form';

/**
 * Add User: name, email, password and role required, 'Please fill all fields.' (model/user-form.ts
 * holds the rules); the message is the form's, not a field's.
 */
export const addUserSchema = z
  .object({ name: z.string(), email: z.string(), password: z.string(), role: z.string() })
  .transform((values, context) => {
    const checked = checkAddUser(values);
    if (checked.ok) return checked.input;
    context.addIssue({ code: 'custom', path: ['root'], message: checked.message });
    return z.NEVER;
  });
