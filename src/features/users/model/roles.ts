import type { Role } from '@/lib/authorization';

/** The roles Users & Roles can give (spec part 2 §6); the superadmin is never made here. */
export const ASSIGNABLE_ROLES = ['admin', 'receptionist', 'dentist'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** Default role for a new user (spec §9). */
export const DEFAULT_ROLE: AssignableRole = 'receptionist';

export function isAssignableRole(value: unknown): value is AssignableRole {
  return typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

/**
 * delete-user's answer code when the deletion would leave a clinic without an admin (the
 * database's code for the same refusal, common/contract/error-codes.ts).
 */
export const LAST_ADMIN_FUNCTION_CODE = 'last_admin';
