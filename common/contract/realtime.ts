/**
 * Live updates over socket.io (path /socket.io on the service's origin). The client sends its
 * Supabase access token (and, for a superadmin, the clinic to follow) in the handshake and joins
 * that clinic's room; the service emits `appointment-updated` there for every committed change of
 * one of its appointments. Clients send no events of their own.
 */
import * as z from 'zod/mini';
import { appointmentStatusSchema } from './appointment-status';

export const APPOINTMENT_UPDATED = 'appointment-updated';

const id = z.int().check(z.positive());
const optionalText = z.optional(z.nullable(z.string()));

/**
 * One appointment as it is after the change: every column of the row, plus the patient's and
 * dentist's names. A row that was removed outright carries only the columns up to `deleted`
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
});

export type AppointmentUpdatedPayload = z.infer<typeof appointmentUpdatedPayloadSchema>;

/** What the service emits (socket.io's `ServerToClientEvents` generic). */
export interface ServerToClientEvents {
  [APPOINTMENT_UPDATED]: (appointment: AppointmentUpdatedPayload) => void;
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
