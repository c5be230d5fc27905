import type { UserProfileRow } from '@/lib/database.types';

/** A row of the Users & Roles table. */
export type StaffUser = Pick<UserProfileRow, 'id' | 'user_id' | 'email' | 'name' | 'role' | 'clinic_id' | 'created_at'>;

export const STAFF_USER_COLUMNS = 'id, user_id, email, name, role, clinic_id, created_at';

/**
 * The superadmin's profile is the superadmin's alone to change (the database refuses anyone
 * else: guard_superadmin_profile): the screen offers no action on it to anyone else.
 */
export function isOutOfReach(user: Pick<StaffUser, 'role'>, viewerIsSuperadmin: boolean): boolean {
  return user.role === 'superadmin' && !viewerIsSuperadmin;
}
