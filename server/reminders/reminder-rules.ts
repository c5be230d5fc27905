/**
 * The rules of automated reminders, in the clinic's time zone. Pure: the clock, the zone and the
 * settings are always passed in (see docs/reminders.md).
 */
import { clinicDateOf, clinicInstant, clinicToday, daysBetween, type IsoDate } from '@common/clinic-calendar';
import { reminderBlock, type ReminderBlock } from '@common/contract/manual-reminder-eligibility';
import type { SendResult } from '../contracts';

/** Statuses an automated reminder is sent for. */
export const REMINDABLE_STATUSES: readonly string[] = ['Scheduled', 'Confirmed'];

/** Waits before the 2nd, 3rd and 4th attempt after a transient Meta error; then it has failed. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000];

/** Meta's rate-limit error codes (app, user, page, API call): wait and resend, it is not the message's fault. */
export const RATE_LIMIT_CODES: readonly number[] = [4, 17, 32, 613];

export interface ClinicReminderSettings {
  timeZone: string;
  /** `clinics.reminder_time` as Postgres prints it: 'HH:MM' or 'HH:MM:SS'. */
  reminderTime: string;
}

export interface ClinicReminderDay {
  /** The clinic's date at `now`. */
  today: IsoDate;
  /** Whether the clinic's local time has reached its reminder time today. */
  reached: boolean;
  /** Milliseconds until the reminder time today; 0 once reached. */
  msUntilReminderTime: number;
}

/**
 * Where a clinic stands today: its date, and whether today's reminders are due yet. Throws a
 * RangeError for an unknown zone or a reminder time that is not a time of day.
 */
export function clinicReminderDay(now: Date, clinic: ClinicReminderSettings): ClinicReminderDay {
  const today = clinicToday(now, clinic.timeZone);
  const untilMs = clinicInstant(today, clinic.reminderTime, clinic.timeZone).getTime() - now.getTime();
  return { today, reached: untilMs <= 0, msUntilReminderTime: Math.max(0, untilMs) };
}

/** Whole days from the clinic date `today` to the clinic date of `appointmentTime`. */
export function daysUntilAppointment(appointmentTime: Date | string, today: IsoDate, timeZone: string): number {
  return daysBetween(today, clinicDateOf(appointmentTime, timeZone));
}

export interface ReminderCandidate {
  appointmentTime: string;
  status: string;
  deleted: boolean;
  reminderEnabled: boolean;
  reminderDays: readonly number[];
}

/**
 * The days_ahead of the automated reminder `appointment` is due for on the clinic's today, or
 * null: reminders on, status Scheduled or Confirmed, not deleted, still in the future, and the
 * whole days until its clinic date listed in reminder_days. (The reminder time is checked per
 * clinic, by clinicReminderDay.)
 */
export function dueDaysAhead(appointment: ReminderCandidate, now: Date, timeZone: string): number | null {
  if (!appointment.reminderEnabled || appointment.deleted) return null;
  if (!REMINDABLE_STATUSES.includes(appointment.status)) return null;
  if (!(Date.parse(appointment.appointmentTime) > now.getTime())) return null;
  const days = daysUntilAppointment(appointment.appointmentTime, clinicToday(now, timeZone), timeZone);
  return appointment.reminderDays.includes(days) ? days : null;
}

export interface RecipientSource {
  recipientType: string;
  patientMessengerId: string | null;
  guardianMessengerId: string | null;
}

export type Recipient = { ok: true; messengerId: string } | { ok: false; error: string };

export const NO_PATIENT_MESSENGER_ID = 'Not sent: the patient has no Messenger ID.';
export const NO_GUARDIAN_MESSENGER_ID = 'Not sent: the appointment has no guardian Messenger ID.';
export const CLINIC_NOT_CONNECTED = 'Not sent: the clinic is not connected to a Facebook page.';
/** Why a claimed reminder is no longer due, when the appointment itself says so. */
export const NO_LONGER_DUE_BECAUSE: Readonly<
  Record<ReminderBlock | 'reminders-off' | 'moved' | 'days-changed' | 'day-ended', string>
> = {
  deleted: 'Not sent: the appointment was deleted before the reminder could go out.',
  cancelled: 'Not sent: the appointment was cancelled before the reminder could go out.',
  'no-show': 'Not sent: the appointment was marked No Show before the reminder could go out.',
  completed: 'Not sent: the appointment was marked Completed before the reminder could go out.',
  past: 'Not sent: the appointment had passed before the reminder could go out.',
  'reminders-off': 'Not sent: reminders were turned off for the appointment before the reminder could go out.',
  moved: 'Not sent: the appointment was moved before the reminder could go out.',
  'days-changed': "Not sent: the appointment's reminder days were changed before the reminder could go out.",
  // A retry (Meta down, rate limits) still pending when the clinic's day it was due for ended.
  'day-ended': 'Not sent: the day it was due ended before the reminder could go out.',
};

/** The skip logged when a manual reminder already reached the recipient on the clinic's today. */
export const MANUAL_ALREADY_SENT = 'Not sent: a manual reminder already went out to this recipient today.';

/** The automated reminder a claim is for: so many days before the appointment at that time. */
export interface ClaimedReminder {
  daysAhead: number;
  /** The appointment's time when the reminder was claimed (an ISO timestamp). */
  forAppointmentTime: string;
}

/**
 * Why the claimed reminder may not go out at `now`, in words for the log, or null while it is
 * still due. The appointment may have changed since the claim (deleted, cancelled, passed,
 * reminders turned off, moved, its reminder days edited), or a retry outlived the day it was for.
 */
export function noLongerDueReason(
  appointment: ReminderCandidate,
  claim: ClaimedReminder,
  now: Date,
  timeZone: string,
): string | null {
  if (dueDaysAhead(appointment, now, timeZone) === claim.daysAhead) return null;
  const block = reminderBlock(appointment, now);
  if (block) return NO_LONGER_DUE_BECAUSE[block];
  if (!appointment.reminderEnabled) return NO_LONGER_DUE_BECAUSE['reminders-off'];
  if (Date.parse(appointment.appointmentTime) !== Date.parse(claim.forAppointmentTime))
    return NO_LONGER_DUE_BECAUSE.moved;
  if (!appointment.reminderDays.includes(claim.daysAhead)) return NO_LONGER_DUE_BECAUSE['days-changed'];
  return NO_LONGER_DUE_BECAUSE['day-ended'];
}

/** A manual reminder of the appointment, as the log has it. */
export interface ManualSend {
  messengerId: string | null;
  /** An instant (ISO timestamp with its offset). */
  sentOn: string;
}

/**
 * Whether a manual reminder was delivered to `messengerId` on the clinic's date at `now`: then
 * the day's automated reminder would repeat it, and is skipped.
 */
export function manualReminderSentToday(
  sends: readonly ManualSend[],
  messengerId: string,
  now: Date,
  timeZone: string,
): boolean {
  const today = clinicToday(now, timeZone);
  return sends.some(
    (send) =>
      send.messengerId?.trim() === messengerId.trim() &&
      !Number.isNaN(Date.parse(send.sentOn)) &&
      clinicDateOf(send.sentOn, timeZone) === today,
  );
}

/** Who gets the reminder: the guardian's Messenger ID for 'guardian', else the patient's. */
export function reminderRecipient(source: RecipientSource): Recipient {
  const guardian = source.recipientType === 'guardian';
  const id = (guardian ? source.guardianMessengerId : source.patientMessengerId)?.trim();
  if (id) return { ok: true, messengerId: id };
  return { ok: false, error: guardian ? NO_GUARDIAN_MESSENGER_ID : NO_PATIENT_MESSENGER_ID };
}

/** The appointment's own reminder message, or the default when it is blank. */
export function reminderText(customMessage: string | null, defaultText: () => string): string {
  return customMessage?.trim() ? customMessage : defaultText();
}

export function isRateLimited(result: SendResult): boolean {
  return !result.ok && result.metaCode !== undefined && RATE_LIMIT_CODES.includes(result.metaCode);
}

export type SendVerdict =
  | { outcome: 'sent' }
  | { outcome: 'rate-limited' }
  | { outcome: 'retry'; retryInMs: number }
  | { outcome: 'failed'; error: string };

/**
 * What to do after an attempt: record it sent; wait out a rate limit and resend; retry a
 * transient error later with backoff (`attemptsMade` counts this one); or record the failure.
 */
export function verdictFor(result: SendResult, attemptsMade: number): SendVerdict {
  if (result.ok) return { outcome: 'sent' };
  if (isRateLimited(result)) return { outcome: 'rate-limited' };
  if (!result.transient) return { outcome: 'failed', error: result.error };
  const retryInMs = RETRY_DELAYS_MS[attemptsMade - 1];
  if (retryInMs !== undefined) return { outcome: 'retry', retryInMs };
  return { outcome: 'failed', error: `${result.error} (gave up after ${attemptsMade} attempts)` };
}

/** The pause after the n-th consecutive rate-limit answer (1-based): doubling from `initialMs`, capped. */
export function rateLimitPauseMs(consecutive: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, consecutive - 1));
}

/**
 * When the next pass should start: one interval after the last pass started, or earlier when a
 * clinic's reminder time comes first (so reminders go out on the minute, not up to an interval late).
 */
export function nextPassDelayMs(options: {
  now: Date;
  passStartedAt: Date;
  intervalMs: number;
  clinics: readonly ClinicReminderSettings[];
}): number {
  const { now, passStartedAt, intervalMs, clinics } = options;
  let delay = Math.max(0, passStartedAt.getTime() + intervalMs - now.getTime());
  for (const clinic of clinics) {
    let day: ClinicReminderDay;
    try {
      day = clinicReminderDay(now, clinic);
    } catch {
      continue;
    }
    if (!day.reached) delay = Math.min(delay, Math.ceil(day.msUntilReminderTime));
  }
  return delay;
}
