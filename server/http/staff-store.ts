import type { SqlClient } from '../contracts';

/** A row of public.users: the staff profile behind a Supabase account. */
export interface StaffProfile {
  /** As stored; callers check it is one of the staff roles. */
  role: string;
  /** null only for a superadmin without a clinic. */
  clinicId: number | null;
  email: string | null;
}

export async function loadStaffProfile(db: SqlClient, userId: string): Promise<StaffProfile | null> {
  const { rows } = await db.query<{ role: string; clinic_id: unknown; email: string | null }>(
    'select role, clinic_id, email from public.users where user_id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    role: row.role,
    clinicId: row.clinic_id === null || row.clinic_id === undefined ? null : Number(row.clinic_id),
    email: row.email ?? null,
  };
}
