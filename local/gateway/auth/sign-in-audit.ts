import type { Queryable } from '../../db/database.ts';

/**
 * A sign-in or a failed one in the audit trail (audit_record_sign_in in
 * supabase/migrations/…_audit.sql): the account the e-mail
 * belongs to (none when it has none: the e-mail typed is not kept) and the client's address; never
 * the password.
 */
export async function recordSignIn(
  db: Queryable,
  userId: string | null,
  succeeded: boolean,
  address: string,
  reason: string | null,
): Promise<void> {
  await db.query('select public.audit_record_sign_in($1, $2, $3, $4)', [userId, succeeded, address, reason]);
}
