/**
 * Data access of recalls: who a recall goes to, the recall log (public.recall_messages, whose
 * exclusion constraint is the 30-day rule) and the patients' 'Book' replies (public.recall_requests).
 */
import type { Delivery } from '@common/contract';
import type { ServiceDatabase, SqlClient } from '../contracts';
import { storableText } from '../messenger/storable-text';

/** A patient of the clinic with what a recall to them needs; due facts from public.recall_list. */
export interface RecallTarget {
  patientId: number;
  clinicId: number;
  patientName: string;
  messengerId: string | null;
  clinicName: string;
  timeZone: string;
  pageId: string | null;
  pageAccessToken: string | null;
  /** False when the patient is not on the due list (seen recently or booked ahead). */
  due: boolean;
  lastVisitAt: Date | null;
  dentistName: string | null;
}

/**
 * The live patient `patientId` of clinic `clinicId`, or null (unknown, deleted or another
 * clinic's: the caller learns nothing about other clinics).
 */
export async function loadRecallTarget(
  db: SqlClient,
  clinicId: number,
  patientId: number,
  now: Date,
): Promise<RecallTarget | null> {
  const { rows } = await db.query<{
    id: string;
    clinic_id: string;
    name: string;
    messenger_id: string | null;
    clinic_name: string;
    timezone: string;
    messenger_page_id: string | null;
    fb_page_access_token: string | null;
    due_patient: string | null;
    last_visit_at: Date | string | null;
    dentist_name: string | null;
  }>(
    `select p.id::text, p.clinic_id::text, p.name, p.messenger_id, c.name as clinic_name, c.timezone,
            c.messenger_page_id, s.fb_page_access_token,
            due.patient_id::text as due_patient, due.last_visit_at, due.dentist_name
       from public.patients p
       join public.clinics c on c.id = p.clinic_id
       left join public.clinic_secrets s on s.clinic_id = p.clinic_id
       left join lateral (
         select l.patient_id, l.last_visit_at, l.dentist_name
           from public.recall_list(p.clinic_id, $3) l
          where l.patient_id = p.id
       ) due on true
      where p.id = $1 and p.clinic_id = $2 and not p.deleted`,
    [patientId, clinicId, now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    patientId: Number(row.id),
    clinicId: Number(row.clinic_id),
    patientName: row.name,
    messengerId: row.messenger_id,
    clinicName: row.clinic_name,
    timeZone: row.timezone,
    pageId: row.messenger_page_id,
    pageAccessToken: row.fb_page_access_token,
    due: row.due_patient !== null,
    lastVisitAt: row.last_visit_at === null ? null : new Date(row.last_visit_at),
    dentistName: row.dentist_name,
  };
}

/** A claim stops a send that would go within 30 days of another: the recall that blocks it. */
export type RecallClaim =
  | { ok: true; id: number; createdAt: Date; blockedUntil: Date }
  | { ok: false; blockedBy: { createdAt: Date; blockedUntil: Date } };

const EXCLUSION_VIOLATION = '23P01';

/**
 * Claims the patient's recall: a 'pending' row that the exclusion constraint
 * recall_messages_one_per_30_days lets exist only when no sent or pending recall of the patient
 * is within 30 days. Of two concurrent claims the second waits for the first and then fails, so
 * only one recall can go out.
 */
export async function claimRecall(
  db: ServiceDatabase,
  entry: { clinicId: number; patientId: number; messengerId: string; message: string; sentBy: string; at: Date },
): Promise<RecallClaim> {
  // A pending claim left by a send that never finished (public.recall_claim_is_stale) no longer
  // blocks: it is recorded as what the recall list already reads it as.
  await db.query(
    `update public.recall_messages r
        set (outcome, error) = (select o.outcome, o.error
                                  from private.recall_outcome_as_of(r.outcome, r.error, r.created_at, $3) o)
      where r.patient_id = $1 and r.clinic_id = $2 and r.outcome = 'pending'
        and public.recall_claim_is_stale(r.created_at, $3)`,
    [entry.patientId, entry.clinicId, entry.at],
  );
  try {
    const { rows } = await db.query<{ id: string; created_at: Date | string; blocked_until: Date | string }>(
      `insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, sent_by, created_at)
       values ($1, $2, $3, $4, 'pending', $5, $6)
       returning id::text, created_at, blocked_until`,
      [
        entry.clinicId,
        entry.patientId,
        storableText(entry.messengerId, 100),
        storableText(entry.message, 2000),
        entry.sentBy,
        entry.at,
      ],
    );
    const row = rows[0]!;
    return {
      ok: true,
      id: Number(row.id),
      createdAt: new Date(row.created_at),
      blockedUntil: new Date(row.blocked_until),
    };
  } catch (error) {
    if ((error as { code?: unknown }).code !== EXCLUSION_VIOLATION) throw error;
    const { rows } = await db.query<{ created_at: Date | string; blocked_until: Date | string }>(
      `select created_at, blocked_until from public.recall_messages
        where patient_id = $1 and clinic_id = $2 and outcome in ('pending', 'sent')
        order by blocked_until desc limit 1`,
      [entry.patientId, entry.clinicId],
    );
    const row = rows[0];
    const at = row ? new Date(row.created_at) : entry.at;
    return { ok: false, blockedBy: { createdAt: at, blockedUntil: row ? new Date(row.blocked_until) : at } };
  }
}

/** Writes the outcome of a claimed recall. */
export async function finishRecall(
  db: SqlClient,
  id: number,
  outcome: { sent: true; via: Delivery } | { sent: false; error: string },
): Promise<void> {
  await db.query(
    `update public.recall_messages set outcome = $2, via = $3, error = $4 where id = $1 and outcome = 'pending'`,
    [
      id,
      outcome.sent ? 'sent' : 'failed',
      outcome.sent ? outcome.via : null,
      outcome.sent ? null : storableText(outcome.error, 2000),
    ],
  );
}

/** Logs a recall that was not sent because there was nothing to send it to. */
export async function recordSkippedRecall(
  db: SqlClient,
  entry: {
    clinicId: number;
    patientId: number;
    messengerId: string | null;
    message: string;
    reason: string;
    sentBy: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into public.recall_messages (clinic_id, patient_id, messenger_id, message, outcome, error, sent_by, created_at)
     values ($1, $2, $3, $4, 'skipped', $5, $6, $7)`,
    [
      entry.clinicId,
      entry.patientId,
      entry.messengerId === null ? null : storableText(entry.messengerId, 100),
      storableText(entry.message, 2000),
      storableText(entry.reason, 2000),
      entry.sentBy,
      entry.at,
    ],
  );
}

/** The sent recall a 'Book' tap names, with its patient; null when the clinic has no such sent recall. */
export interface RecallForReply {
  id: number;
  clinicId: number;
  patientId: number;
  patientName: string;
  messengerId: string | null;
  patientDeleted: boolean;
}

export type BookReplyOutcome = 'requested' | 'already_requested' | 'already_booked' | 'ignored' | 'duplicate';

/**
 * Records a 'Book' tap as a booking request, once: a redelivered event (same mid) or a second tap
 * while the patient's request is still open makes none. Runs as a webhook change (audit source).
 */
export async function applyBookReply(
  db: ServiceDatabase,
  event: { clinicId: number; recallId: number; psid: string; mid: string },
  decide: (recall: RecallForReply | null) => boolean,
): Promise<{ outcome: BookReplyOutcome; recall: RecallForReply | null }> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('ngiti.audit_source', 'webhook', true)`);
    const seen = await tx.query('select 1 from public.recall_requests where mid = $1', [storableText(event.mid, 300)]);
    if (seen.rows.length > 0) return { outcome: 'duplicate' as const, recall: null };
    const { rows } = await tx.query<{
      id: string;
      clinic_id: string;
      patient_id: string;
      name: string;
      messenger_id: string | null;
      deleted: boolean;
    }>(
      `select r.id::text, r.clinic_id::text, r.patient_id::text, p.name, r.messenger_id, p.deleted
         from public.recall_messages r
         join public.patients p on p.id = r.patient_id and p.clinic_id = r.clinic_id
        where r.id = $1 and r.clinic_id = $2 and r.outcome = 'sent'`,
      [event.recallId, event.clinicId],
    );
    const row = rows[0];
    const recall: RecallForReply | null = row
      ? {
          id: Number(row.id),
          clinicId: Number(row.clinic_id),
          patientId: Number(row.patient_id),
          patientName: row.name,
          messengerId: row.messenger_id,
          patientDeleted: row.deleted,
        }
      : null;
    if (!recall || !decide(recall)) return { outcome: 'ignored' as const, recall };
    // A patient who already holds an appointment ahead gets a request booked at once (its trigger).
    const { rows: inserted } = await tx.query<{ status: string }>(
      `insert into public.recall_requests (clinic_id, patient_id, recall_message_id, psid, mid)
       values ($1, $2, $3, $4, $5)
       on conflict do nothing
       returning status::text`,
      [recall.clinicId, recall.patientId, recall.id, storableText(event.psid, 100), storableText(event.mid, 300)],
    );
    const status = inserted[0]?.status;
    const outcome = status === undefined ? 'already_requested' : status === 'booked' ? 'already_booked' : 'requested';
    return { outcome: outcome satisfies BookReplyOutcome, recall };
  });
}
