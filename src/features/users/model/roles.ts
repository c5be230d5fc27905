import { CLINIC_ROLES, type ClinicRole } from '@common/contract/permissions';

/** The roles Users & Roles can give (spec part 2 §6): a clinic's roles; the superadmin is never made here. */
export const ASSIGNABLE_ROLES: readonly ClinicRole[] = CLINIC_ROLES;
export type AssignableRole = ClinicRole;

/** Default role for a new user (spec §9). */
export const DEFAULT_ROLE: AssignableRole = 'receptionist';

export function isAssignableRole(value: unknown): value is AssignableRole {
  return typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}

/**
 * How the server refuses to leave a clinic without an admin: the database's SQLSTATE (a profile's
 * role change) and delete-user's answer code (supabase/migrations/20261128000100_staff_account_rules.sql).
 */
export const LAST_ADMIN_SQLSTATE = 'PT409';
export const LAST_ADMIN_FUNCTION_CODE = 'last_admin';
