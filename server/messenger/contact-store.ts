/**
 * public.messenger_contacts: who has written to which clinic page, and when last. The last inbound
 * message opens Meta's 24-hour window for plain messages.
 */
import type { SqlClient } from '../contracts';

export async function lastInboundAt(db: SqlClient, pageId: string, psid: string): Promise<Date | null> {
  const { rows } = await db.query<{ last_inbound_at: Date | string | null }>(
    'select last_inbound_at from public.messenger_contacts where page_id = $1 and psid = $2',
    [pageId, psid],
  );
  const last = rows[0]?.last_inbound_at;
  return last ? new Date(last) : null;
}

/**
 * Records that `psid` wrote to the clinic's page at `at`: the last inbound time never moves
 * backwards (Meta may deliver out of order) and, when exactly one live patient of the clinic has
 * that Messenger id, the contact is linked to them. An unknown sender stays unlinked for staff to
 * link later.
 */
export async function recordInboundContact(
  db: SqlClient,
  contact: { clinicId: number; pageId: string; psid: string; at: Date },
): Promise<void> {
  await db.query(
    `with candidates as (
       select p.id from public.patients p
       where p.clinic_id = $1::bigint and p.messenger_id = $3::text and not p.deleted
       limit 2
     ), linked as (
       select case when count(*) = 1 then min(id) end as patient_id from candidates
     )
     insert into public.messenger_contacts as c (clinic_id, page_id, psid, last_inbound_at, patient_id)
     select $1::bigint, $2::text, $3::text, $4::timestamptz, linked.patient_id from linked
     on conflict (page_id, psid) do update
       set last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
           patient_id = coalesce(c.patient_id, excluded.patient_id)`,
    [contact.clinicId, contact.pageId, contact.psid, contact.at.toISOString()],
  );
}
