import { z } from 'zod';
import type { Role } from '@/lib/authorization';
import { checkEditUser } from '../../model/user-form';

/**
 * Edit User: name and role required, 'Please fill all fields.' (model/user-form.ts
 * holds the rules); the user's current role may be kept. The message is the form's.
 */
export function editUserSchema(currentRole: Role) {
  return z.object({ name: z.string(), role: z.string() }).transform((values, context) => {
    const checked = checkEditUser(values, currentRole);
    if (checked.ok) return checked.input;
    context.addIssue({ code: 'custom', path: ['root'], message: checked.message });
    return z.NEVER;
  });
}
