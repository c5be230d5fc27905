/**
 * Every write to public.appointment_reminders, automated and manual, and what the scheduler reads.
 * An automated reminder is first a claim: a 'pending' row under the unique key
 * appointment_reminders_automated_key (appointment_id, for_appointment_time, days_ahead) where not is_manual, so only
 * one service instance ever holds a given reminder (docs/reminders.md), until its outcome: sent,
 * failed, or skipped (not needed). A manual reminder is one row per send, sent or failed.
 */
import type { SqlClient } from '../contracts';
import { storableText } from '../messenger/storable-text';
import type { ManualSend } from './reminder-rules';

export interface ReminderClinic {
  id: number;
  name: string;
  timeZone: string;
  reminderTime: string;
  pageId: string | null;
  pageAccessToken: string | null;
}

/** A claimed reminder with what sending it needs. */
export interface ReminderJob {
  reminderId: number;
  appointmentId: number;
  daysAhead: number;
  /** The appointment's time the reminder was claimed for (it may have been moved since). */
  forAppointmentTime: string;
  /** Attempts made before this claim. */
  attempts: number;
  appointmentTime: string;
  status: string;
  deleted: boolean;
  reminderEnabled: boolean;
  reminderDays: number[];
  reminderMessage: string | null;
  recipientType: string;
  guardianMessengerId: string | null;
  patientName: string | null;
  patientMessengerId: string | null;
  dentistName: string | null;
  /** The appointment's delivered manual reminders, latest first (at most 10). */
  manualSends: ManualSend[];
}

export async function loadClinics(db: SqlClient): Promise<ReminderClinic[]> {
  const { rows } = await db.query<ReminderClinic>(
    `select c.id::double precision as "id", c.name, c.timezone as "timeZone", c.reminder_time::text as "reminderTime",
            c.messenger_page_id as "pageId", s.fb_page_access_token as "pageAccessToken"
       from public.clinics c
       left join public.clinic_secrets s on s.clinic_id = c.id
      order by c.id`,
  );
  return rows;
}

/** The job's fields, built in SQL as JSON so bigint ids arrive as numbers from pg and PGlite alike. */
const JOB_JSON = `json_build_object(
    'reminderId', r.id, 'appointmentId', r.appointment_id, 'daysAhead', r.days_ahead,
    'forAppointmentTime', r.for_appointment_time, 'attempts', r.attempts,
    'appointmentTime', a.appointment_time, 'status', a.status, 'deleted', a.deleted,
    'reminderEnabled', a.reminder_enabled, 'reminderDays', a.reminder_days, 'reminderMessage', a.reminder_message,
    'recipientType', a.reminder_recipient_type, 'guardianMessengerId', a.guardian_messenger_id,
    'patientName', p.name, 'patientMessengerId', p.messenger_id, 'dentistName', d.name,
    'manualSends', coalesce((
      select json_agg(json_build_object('messengerId', m.messenger_id, 'sentOn', m.sent_on) order by m.sent_on desc)
        from (select x.messenger_id, x.sent_on from public.appointment_reminders x
               where x.appointment_id = a.id and x.is_manual and x.outcome = 'sent'
               order by x.sent_on desc limit 10) m
    ), '[]'::json))`;

const JOBS_OF = (claims: string) => `coalesce((
    select json_agg(${JOB_JSON} order by a.appointment_time, a.id)
      from ${claims} r
      join public.appointments a on a.id = r.appointment_id
      left join public.patients p on p.id = a.patient_id
      left join public.dentists d on d.id = a.dentist_id
  ), '[]'::json)`;

function parseJobs(value: unknown): ReminderJob[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as ReminderJob[];
}

/**
 * Claims up to `limit` reminders of the clinic due on its date `today` and not claimed before, in
 * one statement: the insert … on conflict do nothing returns only the rows this caller won.
 * `found` counts the candidates seen, so a caller that lost every race knows to look again.
 */
export async function claimDueReminders(
  db: SqlClient,
  options: { clinic: ReminderClinic; today: string; now: Date; limit: number; leaseMs: number; claimToken: string },
): Promise<{ found: number; jobs: ReminderJob[] }> {
  const { clinic, today, now, limit, leaseMs, claimToken } = options;
  const daysAhead = `((a.appointment_time at time zone $2)::date - $3::date)`;
  const { rows } = await db.query<{ found: number; jobs: unknown }>(
    `with candidates as (
       select a.id, a.clinic_id, a.appointment_time, ${daysAhead} as days_ahead
         from public.appointments a
        where a.clinic_id = $1
          and a.reminder_enabled
          and private.is_booked_ahead(a, $4::timestamptz)
          and a.appointment_time < $4::timestamptz + interval '367 days'
          and ${daysAhead} = any (a.reminder_days)
          and not exists (
            select 1 from public.appointment_reminders x
             where x.appointment_id = a.id and x.for_appointment_time = a.appointment_time
               and x.days_ahead = ${daysAhead} and not x.is_manual
          )
        order by a.appointment_time, a.id
        limit $5
     ),
     claimed as (
       insert into public.appointment_reminders
         (clinic_id, appointment_id, for_appointment_time, days_ahead, is_manual, outcome, attempts, sent_on,
          next_attempt_at, claim_token)
       select c.clinic_id, c.id, c.appointment_time, c.days_ahead, false, 'pending', 0, $4::timestamptz,
              $4::timestamptz + make_interval(secs => $6::double precision / 1000), $7::uuid
         from candidates c
       on conflict (appointment_id, for_appointment_time, days_ahead) where not is_manual do nothing
       returning id, appointment_id, for_appointment_time, days_ahead, attempts
     )
     select (select count(*) from candidates)::int as found, ${JOBS_OF('claimed')} as jobs`,
    [clinic.id, clinic.timeZone, today, now.toISOString(), limit, leaseMs, claimToken],
  );
  const row = rows[0];
  return { found: Number(row?.found ?? 0), jobs: parseJobs(row?.jobs ?? []) };
}

/**
 * Takes over up to `limit` pending reminders of the clinic whose claim has lapsed (a retry that is
 * due, or a pass that crashed or stopped). `skip locked`: two instances never take the same row.
 */
export async function reclaimLapsedReminders(
  db: SqlClient,
  options: { clinicId: number; now: Date; limit: number; leaseMs: number; claimToken: string },
): Promise<ReminderJob[]> {
  const { clinicId, now, limit, leaseMs, claimToken } = options;
  const { rows } = await db.query<{ jobs: unknown }>(
    `with lapsed as (
       select x.id
         from public.appointment_reminders x
        where x.outcome = 'pending' and x.clinic_id = $1 and x.next_attempt_at <= $2::timestamptz
        order by x.next_attempt_at, x.id
        limit $3
        for update skip locked
     ),
     reclaimed as (
       update public.appointment_reminders x
          set claim_token = $5::uuid,
              next_attempt_at = $2::timestamptz + make_interval(secs => $4::double precision / 1000)
         from lapsed
        where x.id = lapsed.id
       returning x.id, x.appointment_id, x.for_appointment_time, x.days_ahead, x.attempts
     )
     select ${JOBS_OF('reclaimed')} as jobs`,
    [clinicId, now.toISOString(), limit, leaseMs, claimToken],
  );
  return parseJobs(rows[0]?.jobs ?? []);
}

/**
 * The claimed reminder's job as the appointment is now (staff may have moved, cancelled or
 * redirected it since the claim), or null when the claim is no longer this caller's.
 */
export async function reloadClaimedJob(
  db: SqlClient,
  reminderId: number,
  claimToken: string,
): Promise<ReminderJob | null> {
  const { rows } = await db.query<{ jobs: unknown }>(
    `with claimed as (
       select x.id, x.appointment_id, x.for_appointment_time, x.days_ahead, x.attempts
         from public.appointment_reminders x
        where x.id = $1 and x.claim_token = $2::uuid and x.outcome = 'pending'
     )
     select ${JOBS_OF('claimed')} as jobs`,
    [reminderId, claimToken],
  );
  return parseJobs(rows[0]?.jobs ?? [])[0] ?? null;
}

export type ReminderOutcome =
  | { kind: 'sent'; messengerId: string; attempted: boolean }
  /** Not needed (a manual reminder already went out that day); `reason` is logged in `error`. */
  | { kind: 'skipped'; reason: string; messengerId: string }
  | { kind: 'failed'; error: string; messengerId: string | null; attempted: boolean }
  | { kind: 'retry'; error: string; messengerId: string; retryAt: Date }
  /** Back to the queue untouched (stopping, or out of time for this claim). */
  | { kind: 'release'; retryAt: Date };

/**
 * Writes the outcome of a claimed reminder, only while the claim is still this caller's (a claim
 * that lapsed and was taken over is not overwritten). Resolves false when it was not.
 */
export async function recordOutcome(
  db: SqlClient,
  job: Pick<ReminderJob, 'reminderId'>,
  claimToken: string,
  now: Date,
  outcome: ReminderOutcome,
): Promise<boolean> {
  // Meta's error text is not ours to trust: a NUL in it must not keep the outcome from being written.
  const error = (message: string) => storableText(message, 2000);
  let sql: string;
  let params: unknown[];
  switch (outcome.kind) {
    case 'skipped':
      sql = `update public.appointment_reminders
                set outcome = 'skipped', sent_on = $3::timestamptz, messenger_id = $4, error = $5,
                    next_attempt_at = null, claim_token = null
              where id = $1 and claim_token = $2::uuid and outcome = 'pending'`;
      params = [now.toISOString(), outcome.messengerId, error(outcome.reason)];
      break;
    case 'sent':
    case 'failed':
      sql = `update public.appointment_reminders
                set outcome = $3, sent_on = $4::timestamptz, messenger_id = $5, error = $6,
                    attempts = attempts + $7, next_attempt_at = null, claim_token = null
              where id = $1 and claim_token = $2::uuid and outcome = 'pending'`;
      params = [
        outcome.kind,
        now.toISOString(),
        outcome.messengerId,
        outcome.kind === 'failed' ? error(outcome.error) : null,
        outcome.attempted ? 1 : 0,
      ];
      break;
    case 'retry':
      sql = `update public.appointment_reminders
                set messenger_id = $3, error = $4, attempts = attempts + 1,
                    next_attempt_at = $5::timestamptz, claim_token = null
              where id = $1 and claim_token = $2::uuid and outcome = 'pending'`;
      params = [outcome.messengerId, error(outcome.error), outcome.retryAt.toISOString()];
      break;
    case 'release':
      sql = `update public.appointment_reminders
                set next_attempt_at = $3::timestamptz, claim_token = null
              where id = $1 and claim_token = $2::uuid and outcome = 'pending'`;
      params = [outcome.retryAt.toISOString()];
      break;
  }
  const result = await db.query(sql, [job.reminderId, claimToken, ...params]);
  return result.affectedRows === 1;
}

export interface ManualReminderEntry {
  clinicId: number;
  appointmentId: number;
  daysAhead: number;
  messengerId: string;
  sentOn: Date;
  /** null when Meta accepted the message. */
  error: string | null;
}

/** Logs a manual reminder, sent or failed; resolves with the row's id. */
export async function recordManualReminder(db: SqlClient, entry: ManualReminderEntry): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.appointment_reminders
       (clinic_id, appointment_id, sent_on, days_ahead, messenger_id, is_manual, outcome, error)
     values ($1, $2, $3, $4, $5, true, $6, $7)
     returning id::text`,
    [
      entry.clinicId,
      entry.appointmentId,
      entry.sentOn,
      entry.daysAhead,
      entry.messengerId,
      entry.error === null ? 'sent' : 'failed',
      entry.error === null ? null : storableText(entry.error, 2000),
    ],
  );
  return Number(rows[0]?.id);
}
