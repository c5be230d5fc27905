/**
 * What the waitlist's service side reads and writes: the freed-slot queue (claimed with a lease,
 * `for update skip locked`, so two instances never process one slot at once), the offers, and
 * the 'Take this slot' taps (public.take_waitlist_offer). Ids come back as numbers: bigint
 * columns are cast to double precision, as pg and PGlite then agree.
 */
import type { SqlClient, ServiceDatabase } from '../contracts';
import { storableText } from '../messenger/storable-text';
import type { FreedSlot, TakeOutcome } from './offer-rules';

export interface WaitlistClinic {
  id: number;
  name: string;
  timeZone: string;
  contactPhone: string | null;
  pageId: string | null;
  pageAccessToken: string | null;
}

export async function loadWaitlistClinic(db: SqlClient, clinicId: number): Promise<WaitlistClinic | null> {
  const { rows } = await db.query<WaitlistClinic>(
    `select c.id::double precision as "id", c.name, c.timezone as "timeZone", c.contact_phone as "contactPhone",
            c.messenger_page_id as "pageId", s.fb_page_access_token as "pageAccessToken"
       from public.clinics c
       left join public.clinic_secrets s on s.clinic_id = c.id
      where c.id = $1`,
    [clinicId],
  );
  return rows[0] ?? null;
}

interface SlotRow {
  id: number;
  clinicId: number;
  dentistId: number;
  slotTime: string | Date;
}

const toSlot = (row: SlotRow): FreedSlot => ({
  id: Number(row.id),
  clinicId: Number(row.clinicId),
  dentistId: Number(row.dentistId),
  slotTime: new Date(row.slotTime),
});

/**
 * Claims up to `limit` unprocessed freed slots, oldest first, for `leaseMs`: slots nobody holds,
 * or whose holder's lease lapsed (a stopped or crashed instance). Only the rows returned are
 * this caller's.
 */
export async function claimFreedSlots(
  db: SqlClient,
  claim: { token: string; now: Date; leaseMs: number; limit: number },
): Promise<FreedSlot[]> {
  const { rows } = await db.query<SlotRow>(
    `update public.waitlist_freed_slots s
        set claim_token = $1, claimed_until = $2::timestamptz + ($3::double precision * interval '1 millisecond')
      where s.id in (
        select f.id from public.waitlist_freed_slots f
         where f.processed_at is null and (f.claimed_until is null or f.claimed_until < $2::timestamptz)
         order by f.id
         limit $4
         for update skip locked
      )
      returning s.id::double precision as "id", s.clinic_id::double precision as "clinicId",
                s.dentist_id::double precision as "dentistId", s.slot_time as "slotTime"`,
    [claim.token, claim.now.toISOString(), claim.leaseMs, claim.limit],
  );
  return rows.map(toSlot).sort((a, b) => a.id - b.id);
}

/** Whether another live appointment of the dentist now holds (overlaps) the slot. */
export async function isSlotRebooked(db: SqlClient, slot: FreedSlot): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from public.appointments a
      where a.dentist_id = $1 and a.clinic_id = $2 and not a.deleted and a.status <> 'Cancelled'
        and public.appointment_slot(a.appointment_time) && public.appointment_slot($3::timestamptz)
      limit 1`,
    [slot.dentistId, slot.clinicId, slot.slotTime.toISOString()],
  );
  return rows.length > 0;
}

/** An entry a queued slot is offered to, with the Messenger id the offer goes to. */
export interface SlotCandidate {
  id: number;
  messengerId: string;
}

/**
 * The waiting entries the slot fits, in waitlist order, whose patient is live and on Messenger
 * (public.waitlist_entries_for_slot: the fit rule lives in the database).
 */
export async function entriesForSlot(db: SqlClient, slot: FreedSlot): Promise<SlotCandidate[]> {
  const { rows } = await db.query<{ id: number; messengerId: string }>(
    `select f.entry_id::double precision as "id", f.messenger_id as "messengerId"
       from public.waitlist_entries_for_slot($1) f`,
    [slot.id],
  );
  return rows.map((row) => ({ id: Number(row.id), messengerId: row.messengerId }));
}

/**
 * In one transaction: an offer ('sending') for each chosen entry that is still Waiting, which
 * turns Offered. An entry changed meanwhile (removed by staff, offered another slot) is skipped;
 * an offer already made for the pair (a retried claim) is kept.
 */
export async function createOffers(
  db: ServiceDatabase,
  slot: FreedSlot,
  entries: readonly SlotCandidate[],
): Promise<number> {
  if (entries.length === 0) return 0;
  return db.transaction(async (tx) => {
    let made = 0;
    for (const entry of entries) {
      const { rows } = await tx.query(
        `with held as (
           update public.waitlist_entries e set status = 'offered'
            where e.id = $2 and e.clinic_id = $1 and e.status = 'waiting'
            returning e.id
         )
         insert into public.waitlist_offers (clinic_id, freed_slot_id, entry_id, slot_time, messenger_id)
         select $1, $3, held.id, $4, $5 from held
         on conflict (freed_slot_id, entry_id) do nothing
         returning id`,
        [slot.clinicId, entry.id, slot.id, slot.slotTime.toISOString(), entry.messengerId],
      );
      made += rows.length;
    }
    return made;
  });
}

/** An offer that still has to go out, with what its message says. */
export interface OfferToSend {
  offerId: number;
  entryId: number;
  messengerId: string;
  slotTime: Date;
  patientName: string;
  dentistName: string;
}

/** The slot's offers still 'sending', in waitlist order (a crashed pass's leftovers included). */
export async function offersToSend(db: SqlClient, slot: FreedSlot): Promise<OfferToSend[]> {
  const { rows } = await db.query<{
    offerId: number;
    entryId: number;
    messengerId: string;
    slotTime: string | Date;
    patientName: string;
    dentistName: string;
  }>(
    `select o.id::double precision as "offerId", o.entry_id::double precision as "entryId", o.messenger_id as "messengerId",
            o.slot_time as "slotTime", p.name as "patientName", d.name as "dentistName"
       from public.waitlist_offers o
       join public.waitlist_entries e on e.id = o.entry_id and e.clinic_id = o.clinic_id
       join public.patients p on p.id = e.patient_id and p.clinic_id = e.clinic_id
       join public.waitlist_freed_slots s on s.id = o.freed_slot_id and s.clinic_id = o.clinic_id
       join public.dentists d on d.id = s.dentist_id and d.clinic_id = s.clinic_id
      where o.freed_slot_id = $1 and o.status = 'sending'
      order by e.created_at, e.id`,
    [slot.id],
  );
  return rows.map((row) => ({
    ...row,
    offerId: Number(row.offerId),
    entryId: Number(row.entryId),
    slotTime: new Date(row.slotTime),
  }));
}

/**
 * How sending an offer went. Written only while the offer is still 'sending': an offer that was
 * taken, withdrawn or gone meanwhile keeps that status. A failed offer frees its entry to wait again.
 */
export async function recordOfferSent(
  db: ServiceDatabase,
  offerId: number,
  result: { ok: true; via: 'message' | 'template'; at: Date } | { ok: false; error: string },
): Promise<void> {
  if (result.ok) {
    await db.query(
      `update public.waitlist_offers set status = 'sent', via = $2, sent_at = $3, error = null
        where id = $1 and status = 'sending'`,
      [offerId, result.via, result.at.toISOString()],
    );
    return;
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ entry_id: string | number }>(
      `update public.waitlist_offers set status = 'failed', error = $2
        where id = $1 and status = 'sending'
        returning entry_id`,
      [offerId, storableText(result.error, 2000)],
    );
    const entryId = rows[0]?.entry_id;
    if (entryId !== undefined)
      await tx.query(`update public.waitlist_entries set status = 'waiting' where id = $1 and status = 'offered'`, [
        entryId,
      ]);
  });
}

/** Marks a claimed slot processed with its outcome (only under this caller's claim). */
export async function finishFreedSlot(
  db: SqlClient,
  slotId: number,
  token: string,
  outcome: 'offered' | 'no_fit' | 'not_connected' | 'passed' | 'rebooked',
  offersMade: number,
): Promise<void> {
  await db.query(
    `update public.waitlist_freed_slots
        set processed_at = now(), outcome = $3, offers_made = offers_made + $4, claim_token = null, claimed_until = null
      where id = $1 and claim_token = $2 and processed_at is null`,
    [slotId, token, outcome, offersMade],
  );
}

/**
 * Open offers whose slot has started are expired, and their entries wait again. Returns how many.
 */
export async function expireStartedOffers(db: ServiceDatabase, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ entry_id: string | number }>(
      `update public.waitlist_offers set status = 'expired'
        where status in ('sending', 'sent') and slot_time <= $1
        returning entry_id`,
      [now.toISOString()],
    );
    if (rows.length === 0) return 0;
    await tx.query(
      `update public.waitlist_entries set status = 'waiting'
        where id = any($1::bigint[]) and status = 'offered'`,
      [rows.map((row) => String(row.entry_id))],
    );
    return rows.length;
  });
}

/** Waiting entries whose last day has passed in their clinic's calendar, ended (public.end_past_waitlist_entries). */
export async function endPastEntries(db: ServiceDatabase, now: Date): Promise<number> {
  const { rows } = await db.query<{ ended: number }>('select public.end_past_waitlist_entries($1) as ended', [
    now.toISOString(),
  ]);
  return Number(rows[0]?.ended ?? 0);
}

export interface TakeResult {
  outcome: TakeOutcome;
  offerId: number | null;
  entryId: number | null;
  slotTime: Date | null;
  appointmentId: number | null;
}

/** A 'Take this slot' tap, applied once by its mid (public.take_waitlist_offer). */
export async function takeOffer(
  db: SqlClient,
  tap: { clinicId: number; offerId: number; psid: string; mid: string },
): Promise<TakeResult> {
  const { rows } = await db.query<{ result: Record<string, unknown> | string }>(
    'select public.take_waitlist_offer($1, $2, $3, $4) as result',
    [tap.clinicId, tap.offerId, tap.psid, tap.mid],
  );
  const raw = rows[0]?.result;
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  const num = (key: string) => (value[key] === null || value[key] === undefined ? null : Number(value[key]));
  return {
    outcome: value.outcome as TakeOutcome,
    offerId: num('offer_id'),
    entryId: num('entry_id'),
    slotTime: typeof value.slot_time === 'string' ? new Date(value.slot_time) : null,
    appointmentId: num('appointment_id'),
  };
}

/** How the answer to a tap went. */
export async function recordTakeAnswer(
  db: SqlClient,
  mid: string,
  status: 'sent' | 'failed' | 'skipped',
  error: string | null,
): Promise<void> {
  await db.query('update public.waitlist_replies set reply_status = $2, reply_error = $3 where mid = $1', [
    mid,
    status,
    error === null ? null : storableText(error, 2000),
  ]);
}
