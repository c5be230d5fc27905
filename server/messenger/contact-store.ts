/**
 * public.messenger_contacts: who has written to which clinic page, and when last. The last inbound
 * message opens Meta's 24-hour window for plain messages.
 */
import type { SqlClient } from '../contracts';
import { storableText } from './storable-text';

export async function lastInboundAt(db: SqlClient, pageId: string, psid: string): Promise<Date | null> {
  const { rows } = await db.query<{ last_inbound_at: Date | string | null }>(
    'select last_inbound_at from public.messenger_contacts where page_id = $1 and psid = $2',
    [pageId, psid],
  );
  const last = rows[0]?.last_inbound_at;
  return last ? new Date(last) : null;
}

/** The most a stored profile or first message keeps (the columns' checks). */
export const CONTACT_LIMITS = { displayName: 200, profilePicUrl: 2000, firstMessage: 2000 } as const;

/**
 * Records that `psid` wrote to the clinic's page at `at`: the last inbound time never moves
 * backwards (Meta may deliver out of order) and, when a live patient of the clinic has that
 * Messenger id (at most one may: patients_clinic_messenger_id_key), the contact is linked to them.
 * An unknown sender stays unlinked for staff to link later (a trigger on patients keeps the link
 * in step afterwards). `text`, a typed message, is kept as the contact's first message the first
 * time one arrives, never overwritten. Answers whether the contact still lacks a profile (new, or
 * its name could not be read before).
 */
export async function recordInboundContact(
  db: SqlClient,
  contact: { clinicId: number; pageId: string; psid: string; at: Date; text?: string | null },
): Promise<{ needsProfile: boolean }> {
  const firstMessage =
    contact.text && contact.text.trim() !== '' ? storableText(contact.text, CONTACT_LIMITS.firstMessage) : null;
  const { rows } = await db.query<{ needs_profile: boolean }>(
    `with candidates as (
       select p.id from public.patients p
       where p.clinic_id = $1::bigint and p.messenger_id = $3::text and not p.deleted
       limit 2
     ), linked as (
       select case when count(*) = 1 then min(id) end as patient_id from candidates
     )
     insert into public.messenger_contacts as c
       (clinic_id, page_id, psid, last_inbound_at, patient_id, first_message, first_message_at)
     select $1::bigint, $2::text, $3::text, $4::timestamptz, linked.patient_id,
            $5::text, case when $5::text is null then null else $4::timestamptz end
     from linked
     on conflict (page_id, psid) do update
       set last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
           patient_id = coalesce(c.patient_id, excluded.patient_id),
           first_message = coalesce(c.first_message, excluded.first_message),
           first_message_at = case when c.first_message is null then excluded.first_message_at
                                   else c.first_message_at end
     returning c.display_name is null as needs_profile`,
    [contact.clinicId, contact.pageId, contact.psid, contact.at.toISOString(), firstMessage],
  );
  return { needsProfile: rows[0]?.needs_profile !== false };
}

/** A sender's profile as stored: a name of 1..200 characters and an http(s) picture URL, else null. */
export function storableProfile(profile: {
  firstName: string | null;
  lastName: string | null;
  profilePic: string | null;
}): { displayName: string | null; profilePicUrl: string | null } {
  const name = [profile.firstName, profile.lastName]
    .map((part) => (part ?? '').trim())
    .filter((part) => part !== '')
    .join(' ');
  const picture = profile.profilePic;
  return {
    displayName: name === '' ? null : storableText(name, CONTACT_LIMITS.displayName),
    profilePicUrl:
      picture !== null &&
      /^https?:\/\/\S+$/.test(picture) &&
      picture.length <= CONTACT_LIMITS.profilePicUrl &&
      storableText(picture) === picture
        ? picture
        : null,
  };
}

/** Stores what the User Profile API said of the sender (null fields leave the stored values). */
export async function saveContactProfile(
  db: SqlClient,
  contact: { pageId: string; psid: string },
  profile: { displayName: string | null; profilePicUrl: string | null },
): Promise<void> {
  await db.query(
    `update public.messenger_contacts
        set display_name = coalesce($3::text, display_name),
            profile_pic_url = coalesce($4::text, profile_pic_url)
      where page_id = $1 and psid = $2`,
    [contact.pageId, contact.psid, profile.displayName, profile.profilePicUrl],
  );
}
