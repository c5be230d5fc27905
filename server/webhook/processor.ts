/**
 * What happens after the webhook answered 200: each event records the sender as a Messenger
 * contact of the clinic, and a Confirm / Cancel reply changes the appointment once (by mid) and is
 * answered in Messenger.
 */
import type { ServiceDeps, SqlClient } from '../contracts';
import { eventKey, type InboundEvent } from './events';
import {
  decideReply,
  parseReplyPayload,
  replyText,
  type AppointmentForReply,
  type ReplyDecision,
  type ReplyOutcome,
} from './reply-decision';

type WebhookDeps = Pick<ServiceDeps, 'db' | 'logger' | 'clock' | 'messenger'>;

interface ClinicOfPage {
  id: number;
  timezone: string;
  contact_phone: string | null;
}

/** What processing one event did (tests and logs). */
export type EventResult =
  | { kind: 'unknown-page' }
  | { kind: 'contact' }
  | { kind: 'duplicate'; key: string }
  | { kind: 'reply'; key: string; outcome: ReplyOutcome; replied: 'sent' | 'failed' | 'skipped' };

async function clinicOfPage(db: SqlClient, pageId: string): Promise<ClinicOfPage | null> {
  const { rows } = await db.query<{ id: string | number; timezone: string; contact_phone: string | null }>(
    'select id, timezone, contact_phone from public.clinics where messenger_page_id = $1',
    [pageId],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), timezone: row.timezone, contact_phone: row.contact_phone } : null;
}

/**
 * Records the sender: last inbound time (never moving backwards: Meta may deliver out of order) and,
 * when exactly one live patient of the clinic has that Messenger id, the link to them. An unknown
 * sender is kept unlinked for staff to link later.
 */
async function recordContact(db: SqlClient, clinicId: number, event: InboundEvent): Promise<void> {
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
    [clinicId, event.pageId, event.psid, event.sentAt.toISOString()],
  );
}

interface AppliedReply {
  decision: ReplyDecision;
  appointmentTime: Date | null;
  pageAccessToken: string | null;
}

async function loadAppointment(tx: SqlClient, appointmentId: number, clinicId: number) {
  const { rows } = await tx.query<{
    id: string | number;
    clinic_id: string | number;
    status: string;
    deleted: boolean;
    appointment_time: string | Date;
    guardian_messenger_id: string | null;
    patient_messenger_id: string | null;
  }>(
    `select a.id, a.clinic_id, a.status, a.deleted, a.appointment_time, a.guardian_messenger_id,
            p.messenger_id as patient_messenger_id
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
  } satisfies AppointmentForReply;
}

const LATE_CANCELLATION_NOTE =
  'The patient tapped Cancel in Messenger less than an hour before the appointment; it was not cancelled. Please contact the patient.';

/**
 * The reply's whole effect in one transaction, keyed by `key`: a redelivered event finds its row
 * and changes nothing (null).
 */
async function applyReply(
  deps: WebhookDeps,
  clinic: ClinicOfPage,
  event: InboundEvent,
  key: string,
  reply: { action: 'confirm' | 'cancel'; appointmentId: number },
): Promise<AppliedReply | null> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `insert into public.messenger_webhook_events (mid, clinic_id, page_id, psid, kind, payload, appointment_id, event_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (mid) do nothing
       returning mid`,
      [
        key,
        clinic.id,
        event.pageId,
        event.psid,
        event.kind === 'postback' ? 'postback' : 'quick_reply',
        event.payload,
        reply.appointmentId,
        event.sentAt.toISOString(),
      ],
    );
    if (claimed.rows.length === 0) return null;

    const appointment = await loadAppointment(tx, reply.appointmentId, clinic.id);
    const decision = decideReply({
      action: reply.action,
      appointment,
      clinicId: clinic.id,
      senderPsid: event.psid,
      now: deps.clock.now(),
    });
    if (decision.newStatus) {
      await tx.query('update public.appointments set status = $3 where id = $1 and clinic_id = $2', [
        reply.appointmentId,
        clinic.id,
        decision.newStatus,
      ]);
    }
    if (decision.outcome === 'flagged') {
      await tx.query(
        `insert into public.appointment_flags (clinic_id, appointment_id, kind, note, source_mid)
         values ($1, $2, 'late_cancellation_request', $3, $4)`,
        [clinic.id, reply.appointmentId, LATE_CANCELLATION_NOTE, key],
      );
    }
    await tx.query(`update public.messenger_webhook_events set outcome = $2, processed_at = $3 where mid = $1`, [
      key,
      decision.outcome,
      deps.clock.now().toISOString(),
    ]);
    const secret = await tx.query<{ fb_page_access_token: string | null }>(
      'select fb_page_access_token from public.clinic_secrets where clinic_id = $1',
      [clinic.id],
    );
    return {
      decision,
      appointmentTime: appointment?.appointmentTime ?? null,
      pageAccessToken: secret.rows[0]?.fb_page_access_token ?? null,
    };
  });
}

async function answerInMessenger(
  deps: WebhookDeps,
  clinic: ClinicOfPage,
  event: InboundEvent,
  key: string,
  applied: AppliedReply,
): Promise<'sent' | 'failed' | 'skipped'> {
  const text =
    applied.appointmentTime &&
    replyText(applied.decision.outcome, {
      appointmentTime: applied.appointmentTime,
      timeZone: clinic.timezone,
      clinicPhone: clinic.contact_phone,
    });
  let status: 'sent' | 'failed' | 'skipped' = 'skipped';
  let error: string | null = null;
  if (text && !applied.pageAccessToken) {
    error = 'The clinic has no page access token.';
  } else if (text && applied.pageAccessToken) {
    const result = await deps.messenger.send({
      pageId: event.pageId,
      pageAccessToken: applied.pageAccessToken,
      recipientId: event.psid,
      text,
      kind: 'reply',
    });
    status = result.ok ? 'sent' : 'failed';
    error = result.ok ? null : result.error;
  }
  if (error) deps.logger.warn({ mid: key, clinicId: clinic.id, error }, 'webhook reply not sent');
  await deps.db.query('update public.messenger_webhook_events set reply_status = $2, reply_error = $3 where mid = $1', [
    key,
    status,
    error,
  ]);
  return status;
}

export async function processInboundEvent(deps: WebhookDeps, event: InboundEvent): Promise<EventResult> {
  const clinic = await clinicOfPage(deps.db, event.pageId);
  if (!clinic) {
    deps.logger.warn({ pageId: event.pageId }, 'webhook event for a page no clinic is connected to; ignored');
    return { kind: 'unknown-page' };
  }
  await recordContact(deps.db, clinic.id, event);
  const reply = event.kind === 'message' ? null : parseReplyPayload(event.payload);
  if (!reply) return { kind: 'contact' };

  const key = eventKey(event);
  const applied = await applyReply(deps, clinic, event, key, reply);
  if (!applied) {
    deps.logger.info({ mid: key }, 'webhook reply already applied; redelivery ignored');
    return { kind: 'duplicate', key };
  }
  deps.logger.info(
    { mid: key, clinicId: clinic.id, appointmentId: reply.appointmentId, outcome: applied.decision.outcome },
    applied.decision.reason ? `webhook reply: ${applied.decision.reason}` : 'webhook reply applied',
  );
  const replied = await answerInMessenger(deps, clinic, event, key, applied);
  return { kind: 'reply', key, outcome: applied.decision.outcome, replied };
}

const inFlight = new Set<Promise<unknown>>();

/** Resolves once every webhook body received so far in this process has been processed. */
export async function whenWebhookIdle(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Events are processed one after another, in the order received (a patient's Confirm then Cancel
 * must not overtake each other); a failing event is logged and does not stop the next.
 */
export function createWebhookQueue(deps: WebhookDeps) {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    enqueue(events: readonly InboundEvent[]): Promise<EventResult[]> {
      const run = tail.then(async () => {
        const results: EventResult[] = [];
        for (const event of events) {
          try {
            results.push(await processInboundEvent(deps, event));
          } catch (error) {
            deps.logger.error({ err: error, pageId: event.pageId, mid: event.mid }, 'webhook event processing failed');
          }
        }
        return results;
      });
      // The chain must never stay rejected, or every later body would be skipped.
      tail = run.catch(() => undefined);
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run)).catch(() => undefined);
      return run;
    },
  };
}
