/**
 * Live updates over socket.io (path /socket.io on the service's origin). The client sends its
 * Supabase access token (and, for a superadmin, the clinic to follow) in the handshake and joins
 * that clinic's room; the service emits `appointment-updated` there for every committed change of
 * one of its appointments, and `billing-updated` for every committed change of one of its invoices
 * or payments. A socket whose access ends (account deleted, role changed, signed out) gets
 * `access-revoked` and is closed. Clients send no events of their own.
 */
import * as z from 'zod/mini';
import type { ACCESS_REVOKED } from './access';
import { appointmentStatusSchema } from './appointment-status-schema';
import type {
  APPOINTMENT_UPDATED,
  BILLING_UPDATED,
  CHART_UPDATED,
  RECALL_UPDATED,
  WAITLIST_UPDATED,
} from './live-events';

export {
  APPOINTMENT_UPDATED,
  BILLING_UPDATED,
  CHART_UPDATED,
  LIVE_PING_INTERVAL_MS,
  LIVE_PING_TIMEOUT_MS,
  LIVE_SILENCE_MS,
  RECALL_UPDATED,
  WAITLIST_UPDATED,
} from './live-events';

const id = z.int().check(z.positive());
const optionalText = z.optional(z.nullable(z.string()));

/**
 * Something about the appointment staff must handle (public.appointment_flags), e.g. the patient
 * tapped Cancel in Messenger less than an hour before (kind 'late_cancellation_request'). Kinds
 * added later pass as text, so an older screen still shows the flag.
 */
export const appointmentFlagSchema = z.looseObject({
  id,
  kind: z.string(),
  note: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});

export type AppointmentFlag = z.infer<typeof appointmentFlagSchema>;

/**
 * One appointment as it is after the change: every column of the row, plus the patient's and
 * dentist's names and its open flag (sent again when a flag is raised or resolved). A row that was removed outright carries only the columns up to `deleted`
 * (then true) and null names. Columns added later pass through untouched.
 */
export const appointmentUpdatedPayloadSchema = z.looseObject({
  id,
  clinic_id: id,
  dentist_id: id,
  patient_id: id,
  status: appointmentStatusSchema,
  appointment_time: z.iso.datetime({ offset: true }),
  deleted: z.boolean(),
  patient_name: z.nullable(z.string()),
  dentist_name: z.nullable(z.string()),
  reason: optionalText,
  booking_origin: optionalText,
  guardian_messenger_id: optionalText,
  reminder_enabled: z.optional(z.boolean()),
  reminder_days: z.optional(z.array(z.int())),
  reminder_message: optionalText,
  reminder_recipient_type: z.optional(z.enum(['patient', 'guardian'])),
  created_at: z.optional(z.iso.datetime({ offset: true })),
  updated_at: z.optional(z.iso.datetime({ offset: true })),
  /** The appointment's open flag (the latest, if several), null when none; absent on a removed row. */
  open_flag: z.optional(z.nullable(appointmentFlagSchema)),
});

export type AppointmentUpdatedPayload = z.infer<typeof appointmentUpdatedPayloadSchema>;

export {
  ACCESS_REVOKED,
  ACCESS_REVOKED_REASONS,
  REVOKED_ACCESS_CODES,
  type AccessRevokedReason,
  type RevokedAccessCode,
} from './access';

/**
 * An invoice or payment of the clinic was added or voided (op UPDATE), an HMO claim, billing batch
 * or HMO payment changed, or a patient was renamed (the billing lists show patients by name). It
 * names the row only: paid, balance and status are the database's to derive, so a client re-reads
 * the billing views. invoice_id is the invoice the change touches (the row's own id for an
 * invoice); null for a batch, an HMO payment or a patient, which touch no one invoice.
 */
export const billingUpdatedPayloadSchema = z.object({
  table: z.enum(['invoices', 'payments', 'hmo_claims', 'hmo_claim_batches', 'hmo_payments', 'patients']),
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  id,
  clinic_id: id,
  invoice_id: z.nullable(id),
});

export type BillingUpdatedPayload = z.infer<typeof billingUpdatedPayloadSchema>;

/**
 * Sent to a socket just before the service closes it because its access ended, so the screen can
 * leave the session at once rather than show data it may no longer read. Reasons added later pass
 * as text: an older screen still treats them as access that ended.
 */
export const accessRevokedPayloadSchema = z.object({ reason: z.string() });

export type AccessRevokedPayload = z.infer<typeof accessRevokedPayloadSchema>;

/**
 * A recall was logged or its outcome written (recall_messages), a booking request was made or
 * handled (recall_requests), or a patient was renamed (patients: `id` is the patient's; the list
 * names patients). It names the row only; clients re-read the list and the requests.
 */
export const recallUpdatedPayloadSchema = z.object({
  table: z.enum(['recall_messages', 'recall_requests', 'patients']),
  op: z.enum(['INSERT', 'UPDATE']),
  id,
  clinic_id: id,
  patient_id: id,
});

export type RecallUpdatedPayload = z.infer<typeof recallUpdatedPayloadSchema>;

/**
 * An entry of the clinic's waitlist was added, removed, offered a slot or booked, or one of its
 * offers changed, or its patient was renamed. It names the entry only; clients re-read the list.
 */
export const waitlistUpdatedPayloadSchema = z.object({
  clinic_id: id,
  entry_id: id,
});

export type WaitlistUpdatedPayload = z.infer<typeof waitlistUpdatedPayloadSchema>;

/**
 * A chart entry of the clinic was recorded or removed (the dental chart). It names the patient and
 * the entry only; screens open on that patient re-read the chart.
 */
export const chartUpdatedPayloadSchema = z.object({
  clinic_id: id,
  patient_id: id,
  entry_id: id,
});

export type ChartUpdatedPayload = z.infer<typeof chartUpdatedPayloadSchema>;

/** What the service emits (socket.io's `ServerToClientEvents` generic). */
export interface ServerToClientEvents {
  [ACCESS_REVOKED]: (notice: AccessRevokedPayload) => void;
  [APPOINTMENT_UPDATED]: (appointment: AppointmentUpdatedPayload) => void;
  [BILLING_UPDATED]: (change: BillingUpdatedPayload) => void;
  [RECALL_UPDATED]: (change: RecallUpdatedPayload) => void;
  [WAITLIST_UPDATED]: (change: WaitlistUpdatedPayload) => void;
  [CHART_UPDATED]: (change: ChartUpdatedPayload) => void;
}

/** What clients may emit: nothing (socket.io's `ClientToServerEvents` generic). */
export type ClientToServerEvents = Record<string, never>;

/** Events between service instances: none of their own; the Redis adapter relays the rooms' events. */
export type InterServerEvents = Record<string, never>;

/** What the service keeps on each socket once its handshake is verified (socket.io's `SocketData`). */
export interface SocketData {
  /** The verified staff user (auth.users id). */
  userId: string;
  /** The clinic whose room the socket joined. */
  clinicId: number;
}

/** The handshake's `auth` a client sends: `io(url, { auth: { token, clinicId } })`. */
export interface SocketAuth {
  /** The signed-in user's Supabase access token. */
  token: string;
  /** The clinic to follow; staff other than the superadmin may only name their own. */
  clinicId?: number;
}
