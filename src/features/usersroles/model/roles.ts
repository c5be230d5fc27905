import { CLINIC_ROLES, type ClinicRole } from '@common/contract/permissions';

/** The roles Users & Roles can give: a clinic's roles; the superadmin is never made here. */
export const ASSIGNABLE_ROLES: readonly ClinicRole[] = CLINIC_ROLES;
export type AssignableRole = ClinicRole;

/** Default role for a new user. */
export const DEFAULT_ROLE: AssignableRole = 'receptionist';

export function isAssignableRole(value: unknown): value is AssignableRole {
  return typeof value === 'string' && (ASSIGNABLE_ROLES as readonly string[]).includes(value);
}
