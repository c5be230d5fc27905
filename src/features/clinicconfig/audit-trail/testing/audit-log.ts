/**
 * The audit trail of component tests is the real one: the database's audit triggers write it
 * when rows change, and nobody may write it directly. These arrange its entries by making those
 * changes as the database owner, saying for whom, as the gateway and the services do.
 */
import { realStack } from '@/testing/real-db';

/**
 * Empties the trail (the seeds and the sign-ins so far wrote entries too): what a test arranges
 * next is all it holds, as for data that predates the trail. The trail refuses deletes, so this is
 * done as the harness empties it between tests, with triggers off.
 */
export async function startTrailHere(): Promise<void> {
  await realStack().exec(`begin; set local session_replication_role = replica; delete from public.audit_log; commit;`);
}

/**
 * Runs `sql` as a request of `actor` (an auth user id) from the browser would, with the claims the
 * gateway gives the database: the audit triggers record that person and the browser as the door.
 * Row-level security does not apply (the owner runs it).
 */
export async function changeInBrowser(actor: string, sql: string): Promise<void> {
  const claims = JSON.stringify({ role: 'authenticated', sub: actor });
  await realStack().exec(`begin; set local request.jwt.claims = '${claims}'; ${sql}; commit;`);
}

/** A failed sign-in of `actor` from `address`, as the auth server records it. */
export async function failedSignIn(actor: string, address: string, reason: string): Promise<void> {
  await realStack().query(`select public.audit_record_sign_in($1, false, $2, $3)`, [actor, address, reason]);
}

/** An export made by the export service for `actor`. */
export async function recordedExport(actor: string, kind: string, rows: number, filters: object = {}): Promise<void> {
  await realStack().query(`select public.audit_record_export(1, $1, $2, $3, $4::jsonb)`, [
    actor,
    kind,
    rows,
    JSON.stringify(filters),
  ]);
}

/** A change the export or notification service made (no person): the door is the service. */
export async function changeByService(sql: string): Promise<void> {
  await realStack().exec(`begin; set local ngiti.audit_source = 'service'; ${sql}; commit;`);
}

/**
 * Dates the trail's entries, oldest first, at `times`: the triggers stamp an entry with the
 * database's own clock, which tests cannot fix, and the screen shows and filters by clinic time.
 * Like startTrailHere, it writes with triggers off, the trail refusing any change.
 */
export async function dateEntries(...times: string[]): Promise<void> {
  const stamps = times.map((time) => `'${time}'`).join(', ');
  await realStack().exec(
    `begin; set local session_replication_role = replica;
     with ordered as (select id, row_number() over (order by id) as n from public.audit_log)
     update public.audit_log a set occurred_at = (array[${stamps}]::timestamptz[])[o.n]
       from ordered o where o.id = a.id and o.n <= ${times.length};
     commit;`,
  );
}
