import type { SqlClient } from '../contracts';

export async function clinicExists(db: SqlClient, clinicId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from public.clinics where id = $1', [clinicId]);
  return rows.length > 0;
}
