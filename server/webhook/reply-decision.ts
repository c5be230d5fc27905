/**
 * What a patient's Confirm or Cancel reply does to an appointment, and what they are told.
 * Pure: the appointment as read (locked) from the database and `now` are passed in.
 */
import { formatClinicDateTimeLong } from '@common/clinic-calendar';
import { QUICK_REPLY_PAYLOAD } from '../contracts';

export type ReplyAction = 'confirm' | 'cancel';

/** Cancelling is allowed while the appointment is at least this far ahead (as in the SPA's status rules). */
export const CANCEL_LOCK_MS = 3_600_000;

export function parseReplyPayload(payload: string | null): { action: ReplyAction; appointmentId: number } | null {
  if (payload === null) return null;
  const match = QUICK_REPLY_PAYLOAD.pattern.exec(payload);
  if (!match?.[1] || !match[2]) return null;
  const appointmentId = Number(match[2]);
  if (!Number.isSafeInteger(appointmentId) || appointmentId <= 0) return null;
  return { action: match[1] === 'CONFIRM' ? 'confirm' : 'cancel', appointmentId };
}

export interface AppointmentForReply {
  id: number;
  clinicId: number;
  status: string;
  deleted: boolean;
  appointmentTime: Date;
  patientMessengerId: string | null;
  guardianMessengerId: string | null;
  /** Who staff sent this appointment's reminder to by hand (its recipient override), with its buttons. */
  remindedMessengerIds: readonly string[];
}

export type ReplyOutcome =
  'confirmed' | 'already_confirmed' | 'cancelled' | 'already_cancelled' | 'flagged' | 'not_changeable' | 'ignored';

export interface ReplyDecision {
  outcome: ReplyOutcome;
  /** The status to write, when the reply changes it. */
  newStatus: 'Confirmed' | 'Cancelled' | null;
  /** Why nothing happened (logs and the event row). */
  reason?: string;
}

const LIVE_STATUSES = new Set(['Scheduled', 'Confirmed']);

export function decideReply(input: {
  action: ReplyAction;
  /** null when no appointment with that id exists in the page's clinic. */
  appointment: AppointmentForReply | null;
  clinicId: number;
  senderPsid: string;
  now: Date;
}): ReplyDecision {
  const { action, appointment, clinicId, senderPsid, now } = input;
  if (!appointment || appointment.clinicId !== clinicId) {
    return { outcome: 'ignored', newStatus: null, reason: 'no such appointment in this clinic' };
  }
  const sender = senderPsid.trim();
  const answerable = [
    appointment.patientMessengerId,
    appointment.guardianMessengerId,
    ...appointment.remindedMessengerIds,
  ].some((recipient) => recipient?.trim() === sender);
  if (!answerable) {
    return {
      outcome: 'ignored',
      newStatus: null,
      reason: 'the sender is neither the patient, the guardian, nor someone sent its reminder',
    };
  }
  const untilStart = appointment.appointmentTime.getTime() - now.getTime();
  if (action === 'cancel' && appointment.status === 'Cancelled' && !appointment.deleted && untilStart > 0) {
    return { outcome: 'already_cancelled', newStatus: null };
  }
  if (appointment.deleted || !LIVE_STATUSES.has(appointment.status) || untilStart <= 0) {
    return { outcome: 'not_changeable', newStatus: null, reason: 'the appointment is past, deleted or closed' };
  }
  if (action === 'confirm') {
    return appointment.status === 'Confirmed'
      ? { outcome: 'already_confirmed', newStatus: null }
      : { outcome: 'confirmed', newStatus: 'Confirmed' };
  }
  return untilStart >= CANCEL_LOCK_MS
    ? { outcome: 'cancelled', newStatus: 'Cancelled' }
    : { outcome: 'flagged', newStatus: null, reason: 'less than an hour before the appointment' };
}

/** The answer the patient gets in Messenger; null when the reply is ignored (nothing is revealed). */
export function replyText(
  outcome: ReplyOutcome,
  appointment: { appointmentTime: Date; timeZone: string; clinicPhone: string | null },
): string | null {
  // 'Monday, 23 November 2026 at 10:20 AM', in the clinic's zone, as every other patient message.
  const when = formatClinicDateTimeLong(appointment.appointmentTime, appointment.timeZone);
  const callTheClinic = appointment.clinicPhone
    ? `Please call the clinic at ${appointment.clinicPhone}.`
    : 'Please call the clinic.';
  switch (outcome) {
    case 'confirmed':
    case 'already_confirmed':
      return `Thank you! Your appointment on ${when} is confirmed.`;
    case 'cancelled':
    case 'already_cancelled':
      return `Your appointment on ${when} has been cancelled.`;
    case 'flagged':
      return `It is less than an hour before your appointment, so it cannot be cancelled here. ${callTheClinic}`;
    case 'not_changeable':
      return `Your appointment on ${when} can no longer be changed here. ${callTheClinic}`;
    case 'ignored':
      return null;
  }
}
