/**
 * Live appointment updates (spec part 2 §4, §9): whether an `appointment-updated` payload
 * (@common/contract's AppointmentUpdatedPayload, checked by src/lib/realtime-client.ts before it
 * arrives) concerns the open list, how it merges into the list's rows, and how it is announced.
 */
import { formatClinicDateTimeShort, isInRange, type InstantRange } from '@common/clinic-calendar';
import type { AppointmentUpdatedPayload } from '@common/contract';
import type { ListAppointment } from '../model/api/list-columns';

/** Spec part 2 §9: how long live-update effects last. */
export const ROW_FLASH_MS = 60_000;
export const FOCUS_HIGHLIGHT_MS = 4_000;
export const UPDATE_TOAST_MS = 6_000;
export const UPDATE_TOAST_THROTTLE_MS = 1_500;
export const UPDATE_SOUND_VOLUME = 0.6;

/** Whether the open list should take the update in: the current clinic and the viewed period. */
export function isUpdateForView(
  update: Pick<AppointmentUpdatedPayload, 'clinic_id' | 'appointment_time'>,
  clinicId: number,
  period: InstantRange,
): boolean {
  return update.clinic_id === clinicId && isInRange(update.appointment_time, period);
}

/**
 * Merges the update into the list's rows (replacing the row with its id) or adds it; a
 * deleted appointment leaves the list, which shows live appointments only. Never mutates `rows`.
 */
export function mergeAppointmentUpdate<Row extends { id: number }>(
  rows: readonly Row[],
  update: AppointmentUpdatedPayload,
  toRow: (update: AppointmentUpdatedPayload, previous: Row | undefined) => Row,
): Row[] {
  const index = rows.findIndex((row) => row.id === update.id);
  if (update.deleted) return index === -1 ? [...rows] : rows.filter((row) => row.id !== update.id);
  if (index === -1) return [...rows, toRow(update, undefined)];
  const next = [...rows];
  next[index] = toRow(update, rows[index]);
  return next;
}

/** The toast / desktop-notification text: who, what, and when ('Nov 21, 2026, 9:20 AM', clinic time, spec §4). */
export function updateNoticeText(update: AppointmentUpdatedPayload, timeZone: string): string {
  const who = update.patient_name ?? `Appointment #${update.id}`;
  const what = update.deleted ? 'Deleted' : update.status;
  const withDentist = update.dentist_name ? ` with ${update.dentist_name}` : '';
  return `${who}${withDentist}: ${what} · ${formatClinicDateTimeShort(update.appointment_time, timeZone)}`;
}

/**
 * At most one toast per interval (spec §9: 1.5 s); updates arriving in between still merge and
 * highlight, they only do not pop up. Pass the current time in, so tests use a fixed clock.
 */
export function createToastThrottle(intervalMs: number = UPDATE_TOAST_THROTTLE_MS) {
  let lastShownAt = Number.NEGATIVE_INFINITY;
  return (nowMs: number): boolean => {
    if (nowMs - lastShownAt < intervalMs) return false;
    lastShownAt = nowMs;
    return true;
  };
}

/** How a live update reaches the user (spec §4): a desktop notification when the tab is hidden and allowed, else a toast. */
export function noticeChannel(
  tabHidden: boolean,
  permission: NotificationPermission | 'unsupported',
): 'desktop' | 'toast' {
  return tabHidden && permission === 'granted' ? 'desktop' : 'toast';
}

/**
 * The list's row for an update: the payload's columns, the patient's name from the payload and
 * their Messenger id from the row it replaces (the payload does not carry it; the list's next
 * read does). A row the list did not have yet gets the name only.
 */
export function listRowFromUpdate(
  update: AppointmentUpdatedPayload,
  previous: ListAppointment | undefined,
): ListAppointment {
  const samePatient = previous !== undefined && previous.patient_id === update.patient_id;
  const name = update.patient_name ?? (samePatient ? previous.patient?.name : undefined);
  const patient =
    name === undefined ? null : { name, messenger_id: samePatient ? (previous.patient?.messenger_id ?? null) : null };
  return {
    id: update.id,
    clinic_id: update.clinic_id,
    dentist_id: update.dentist_id,
    patient_id: update.patient_id,
    appointment_time: update.appointment_time,
    reason: update.reason ?? null,
    status: update.status,
    booking_origin: update.booking_origin ?? null,
    guardian_messenger_id: update.guardian_messenger_id ?? null,
    patient,
    startsAt: Date.parse(update.appointment_time),
  };
}
