import type { AppointmentUpdatedPayload } from '@common/contract';
import type { SqlClient } from '../contracts';

/**
 * The `appointment-updated` payloads of the appointments `ids` that still exist: every column of
 * the row plus the patient's and dentist's names and its open flag (the latest; null if none), built as JSON in SQL so bigint ids arrive as
 * numbers from pg and PGlite alike.
 */
export async function loadAppointmentUpdates(
  db: SqlClient,
  ids: readonly number[],
): Promise<AppointmentUpdatedPayload[]> {
  const { rows } = await db.query<{ rows: unknown }>(
    `select coalesce(json_agg(to_jsonb(a) || jsonb_build_object('patient_name', p.name, 'dentist_name', d.name,
                                                              'open_flag', f.flag)
                              order by a.id), '[]'::json) as rows
       from public.appointments a
       left join public.patients p on p.id = a.patient_id
       left join public.dentists d on d.id = a.dentist_id
       left join lateral (
              select jsonb_build_object('id', x.id, 'kind', x.kind, 'note', x.note, 'created_at', x.created_at) as flag
                from public.appointment_flags x
               where x.appointment_id = a.id and x.clinic_id = a.clinic_id and x.resolved_at is null
               order by x.created_at desc, x.id desc
               limit 1
            ) f on true
      where a.id = any ($1::bigint[])`,
    [ids],
  );
  const value = rows[0]?.rows ?? [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as AppointmentUpdatedPayload[];
}

/** What a live-update socket was let in with: its caller at handshake time. */
export interface SocketGrant {
  userId: string;
  /** The token's `session_id` claim; null for a token without one. */
  sessionId: string | null;
  role: string;
  /** The profile's clinic at handshake time (not the room: a superadmin may follow any clinic). */
  clinicId: number | null;
}

/**
 * Which of `grants` no longer hold: the session ended, the account is gone, banned or
 * soft-deleted, or the staff profile is gone or has another role or clinic. One query for all;
 * answers the indexes into `grants`.
 */
export async function findRevokedGrants(db: SqlClient, grants: readonly SocketGrant[]): Promise<number[]> {
  if (grants.length === 0) return [];
  const { rows } = await db.query<{ i: number }>(
    `select (t.i - 1)::integer as i
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[])
            with ordinality as t (user_id, session_id, role, clinic_id, i)
      where not exists (
              select 1 from public.users p
               where p.user_id = t.user_id and p.role::text = t.role and p.clinic_id is not distinct from t.clinic_id
            )
         or exists (
              select 1 from auth.users a
               where a.id = t.user_id and (a.deleted_at is not null or a.banned_until > now())
            )
         or (t.session_id is not null and not exists (
              select 1 from auth.sessions s
               where s.id = t.session_id and s.user_id = t.user_id and (s.not_after is null or s.not_after > now())
            ))`,
    [
      grants.map((grant) => grant.userId),
      grants.map((grant) => grant.sessionId),
      grants.map((grant) => grant.role),
      grants.map((grant) => grant.clinicId),
    ],
  );
  return rows.map((row) => Number(row.i));
}
