import type { UserProfileRow } from '@/lib/database.types';

/** A row of the Users & Roles table. */
export type StaffUser = Pick<UserProfileRow, 'id' | 'user_id' | 'email' | 'name' | 'role' | 'clinic_id' | 'created_at'>;

export const STAFF_USER_COLUMNS = 'id, user_id, email, name, role, clinic_id, created_at';
