/**
 * What the webhook reads and writes: the clinic behind a page, and each Confirm / Cancel reply in
 * public.messenger_webhook_events, applied to its appointment once (keyed by Meta's mid).
 */
import type { Clock, ServiceDatabase, SqlClient } from '../contracts';
import type { AppointmentForReply, ReplyDecision } from './reply-decision';

export interface ClinicOfPage {
  id: number;
  timezone: string;
  contact_phone: string | null;
}

export async function clinicOfPage(db: SqlClient, pageId: string): Promise<ClinicOfPage | null> {
  const { rows } = await db.query<{ id: string | number; timezone: string; contact_phone: string | null }>(
    'select id, timezone, contact_phone from public.clinics where messenger_page_id = $1',
    [pageId],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), timezone: row.timezone, contact_phone: row.contact_phone } : null;
}

/** The clinic's stored page access token (server-only clinic_secrets); null when none. */
export async function pageAccessTokenOf(db: SqlClient, clinicId: number): Promise<string | null> {
  const { rows } = await db.query<{ fb_page_access_token: string | null }>(
    'select fb_page_access_token from public.clinic_secrets where clinic_id = $1',
    [clinicId],
  );
  return rows[0]?.fb_page_access_token ?? null;
}

/** A Confirm / Cancel tap, as the webhook received it. */
export interface ReplyEvent {
  /** The idempotency key (Meta's mid, or what identifies a postback without one). */
  key: string;
  clinicId: number;
  pageId: string;
  psid: string;
  kind: 'quick_reply' | 'postback';
  payload: string | null;
  appointmentId: number;
  sentAt: Date;
}

export interface AppliedReply {
  decision: ReplyDecision;
  appointmentTime: Date | null;
  pageAccessToken: string | null;
}

const LATE_CANCELLATION_NOTE =
  'The patient tapped Cancel in Messenger less than an hour before the appointment; it was not cancelled. Please contact the patient.';

async function lockAppointment(
  tx: SqlClient,
  appointmentId: number,
  clinicId: number,
): Promise<AppointmentForReply | null> {
  const { rows } = await tx.query<{
    id: string | number;
    clinic_id: string | number;
    status: string;
    deleted: boolean;
    appointment_time: string | Date;
    guardian_messenger_id: string | null;
    patient_messenger_id: string | null;
    reminded_messenger_ids: string[];
  }>(
    `select a.id, a.clinic_id, a.status, a.deleted, a.appointment_time, a.guardian_messenger_id,
            p.messenger_id as patient_messenger_id,
            array(select distinct r.messenger_id from public.appointment_reminders r
                   where r.appointment_id = a.id and r.clinic_id = a.clinic_id
                     and r.is_manual and r.outcome = 'sent' and r.messenger_id is not null) as reminded_messenger_ids
       from public.appointments a
       join public.patients p on p.id = a.patient_id and p.clinic_id = a.clinic_id
      where a.id = $1 and a.clinic_id = $2
      for update of a`,
    [appointmentId, clinicId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    clinicId: Number(row.clinic_id),
    status: row.status,
    deleted: row.deleted,
    appointmentTime: new Date(row.appointment_time),
    patientMessengerId: row.patient_messenger_id,
    guardianMessengerId: row.guardian_messenger_id,
    remindedMessengerIds: row.reminded_messenger_ids,
  };
}

/**
 * The reply's whole effect in one transaction: the event is claimed by its key, the appointment
 * locked and handed to `decide`, and what it decided written (new status, or a flag for staff).
 * A redelivered event finds its row and changes nothing (null).
 */
export async function applyReply(
  db: ServiceDatabase,
  event: ReplyEvent,
  decide: (appointment: AppointmentForReply | null) => ReplyDecision,
  clock: Clock,
): Promise<AppliedReply | null> {
  return db.transaction(async (tx) => {
    // The audit trail records this transaction's changes as made by a webhook (docs/audit-trail.md).
    await tx.query(`select set_config('ngiti.audit_source', 'webhook', true)`);
    const claimed = await tx.query(
      `insert into public.messenger_webhook_events (mid, clinic_id, page_id, psid, kind, payload, appointment_id, event_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (mid) do nothing
       returning mid`,
      [
        event.key,
        event.clinicId,
        event.pageId,
        event.psid,
        event.kind,
        event.payload,
        event.appointmentId,
        event.sentAt.toISOString(),
      ],
    );
    if (claimed.rows.length === 0) return null;

    const appointment = await lockAppointment(tx, event.appointmentId, event.clinicId);
    const decision = decide(appointment);
    if (decision.newStatus) {
      await tx.query('update public.appointments set status = $3 where id = $1 and clinic_id = $2', [
        event.appointmentId,
        event.clinicId,
        decision.newStatus,
      ]);
    }
    if (decision.outcome === 'flagged') {
      await tx.query(
        `insert into public.appointment_flags (clinic_id, appointment_id, kind, note, source_mid)
         values ($1, $2, 'late_cancellation_request', $3, $4)`,
        [event.clinicId, event.appointmentId, LATE_CANCELLATION_NOTE, event.key],
      );
    }
    await tx.query(`update public.messenger_webhook_events set outcome = $2, processed_at = $3 where mid = $1`, [
      event.key,
      decision.outcome,
      clock.now().toISOString(),
    ]);
    const secret = await tx.query<{ fb_page_access_token: string | null }>(
      'select fb_page_access_token from public.clinic_secrets where clinic_id = $1',
      [event.clinicId],
    );
    return {
      decision,
      appointmentTime: appointment?.appointmentTime ?? null,
      pageAccessToken: secret.rows[0]?.fb_page_access_token ?? null,
    };
  });
}

/** How the answer to a reply went: sent, failed (with why), or skipped (nothing to say). */
export async function recordReplyAnswer(
  db: SqlClient,
  key: string,
  status: 'sent' | 'failed' | 'skipped',
  error: string | null,
): Promise<void> {
  await db.query('update public.messenger_webhook_events set reply_status = $2, reply_error = $3 where mid = $1', [
    key,
    status,
    error,
  ]);
}
