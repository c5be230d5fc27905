import { formatClinicDateTimeShort, isInRange, type InstantRange } from '@common/clinic-calendar';
import type { ListAppointment } from '../model/api/list-columns';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../model/status-rules';

/** Spec part 2 §9: how long live-update effects last. */
export const ROW_FLASH_MS = 60_000;
export const FOCUS_HIGHLIGHT_MS = 4_000;
export const UPDATE_TOAST_MS = 6_000;
export const UPDATE_TOAST_THROTTLE_MS = 1_500;
export const UPDATE_SOUND_VOLUME = 0.6;

/** The live-update texts: the spec's (§2, §4) and, for the connection, ours. */
export const LIVE_TEXT = {
  acknowledgeAll: 'Acknowledge All',
  view: 'View',
  notificationTitle: 'Appointment updated',
  // Texts the spec does not give.
  reconnecting: 'Live updates paused — reconnecting…',
  refused: 'Live updates are off. Reload the page to turn them back on.',
} as const;

/** The socket.io event the notification service emits to a clinic's room (spec §4, §7). */
export const APPOINTMENT_UPDATED_EVENT = 'appointment-updated';

/**
 * One appointment as the service sends it (spec §3: id, clinic_id, dentist_id, status,
 * appointment_time, plus the other appointment fields), with the names the service joins in.
 */
export interface AppointmentUpdate {
  id: number;
  clinic_id: number;
  dentist_id: number;
  patient_id: number | null;
  status: AppointmentStatus;
  appointment_time: string;
  deleted: boolean;
  patient_name: string | null;
  dentist_name: string | null;
  /** Every other field, as sent. */
  fields: Record<string, unknown>;
}

const positiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function nameFrom(payload: Record<string, unknown>, flat: string, embedded: string): string | null {
  const direct = payload[flat];
  if (typeof direct === 'string' && direct.trim() !== '') return direct;
  const nested = payload[embedded];
  if (nested && typeof nested === 'object' && 'name' in nested && typeof nested.name === 'string') return nested.name;
  return null;
}

/** Reads an event payload defensively: anything malformed is ignored rather than shown. */
export function parseAppointmentUpdate(payload: unknown): AppointmentUpdate | null {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const row = payload as Record<string, unknown>;
  const { id, clinic_id, dentist_id, status, appointment_time } = row;
  if (!positiveInteger(id) || !positiveInteger(clinic_id) || !positiveInteger(dentist_id)) return null;
  if (typeof status !== 'string' || !(APPOINTMENT_STATUSES as readonly string[]).includes(status)) return null;
  if (typeof appointment_time !== 'string' || Number.isNaN(Date.parse(appointment_time))) return null;
  return {
    id,
    clinic_id,
    dentist_id,
    patient_id: positiveInteger(row.patient_id) ? row.patient_id : null,
    status: status as AppointmentStatus,
    appointment_time,
    deleted: row.deleted === true,
    patient_name: nameFrom(row, 'patient_name', 'patients'),
    dentist_name: nameFrom(row, 'dentist_name', 'dentists'),
    fields: row,
  };
}

/** Whether the open list should take the update in: the current clinic and the viewed period. */
export function isUpdateForView(
  update: Pick<AppointmentUpdate, 'clinic_id' | 'appointment_time'>,
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
  update: AppointmentUpdate,
  toRow: (update: AppointmentUpdate, previous: Row | undefined) => Row,
): Row[] {
  const index = rows.findIndex((row) => row.id === update.id);
  if (update.deleted) return index === -1 ? [...rows] : rows.filter((row) => row.id !== update.id);
  if (index === -1) return [...rows, toRow(update, undefined)];
  const next = [...rows];
  next[index] = toRow(update, rows[index]);
  return next;
}

/** '{n} new update(s)' — the pill beside 'Acknowledge All'. */
export function pendingUpdatesLabel(count: number): string {
  return `${count} new update(s)`;
}

/** The toast / desktop-notification text: who, what, and when ('Nov 21, 2026, 9:20 AM', clinic time, spec §4). */
export function updateNoticeText(update: AppointmentUpdate, timeZone: string): string {
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

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The list's row for an update: the payload's columns, the patient's name from the payload and
 * their Messenger id from the row it replaces (the payload does not carry it; the list's next
 * read does). A row the list did not have yet gets the name only.
 */
export function listRowFromUpdate(update: AppointmentUpdate, previous: ListAppointment | undefined): ListAppointment {
  const samePatient = previous !== undefined && previous.patient_id === update.patient_id;
  const name = update.patient_name ?? (samePatient ? previous.patient?.name : undefined);
  const patient =
    name === undefined ? null : { name, messenger_id: samePatient ? (previous.patient?.messenger_id ?? null) : null };
  return {
    id: update.id,
    clinic_id: update.clinic_id,
    dentist_id: update.dentist_id,
    patient_id: update.patient_id ?? previous?.patient_id ?? 0,
    appointment_time: update.appointment_time,
    reason: textOrNull(update.fields.reason),
    status: update.status,
    booking_origin: textOrNull(update.fields.booking_origin),
    guardian_messenger_id: textOrNull(update.fields.guardian_messenger_id),
    patient,
    startsAt: Date.parse(update.appointment_time),
  };
}
