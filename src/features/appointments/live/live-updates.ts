/**
 * Live appointment updates: whether an `appointment-updated` payload (@common/contract's
 * AppointmentUpdatedPayload, checked by src/lib/realtime-client.ts before it arrives) concerns the
 * open list, how it merges into the list's rows, and how it is announced.
 */
import { formatClinicDateTimeShort, isInRange, type InstantRange } from '@common/clinic-calendar';
import type { AppointmentUpdatedPayload } from '@common/contract';
import type { ListAppointment } from '../model/api/list-columns';
import { isAlarmingStatus } from '../model/status-rules';
import { LIVE_TEXT } from './messages';

/** How long live-update effects last. */
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

/** What the list showed of the appointment before the update, as far as the notice needs it. */
export type PreviousRow = Pick<
  ListAppointment,
  'status' | 'appointment_time' | 'dentist_id' | 'patient_id' | 'reason' | 'patient'
>;

/**
 * What an update changed, from the row the list had before: `unknown` when the list had not read
 * that part of the calendar, `new` when it had and the row was not in it. `flag-resolved` (the only
 * change is an open flag going away) and `patient-renamed` (the only change is the patient's name,
 * edited on the Patients tab) are not news to anyone.
 */
export type LiveChange =
  | { kind: 'unknown' }
  | { kind: 'new' }
  | { kind: 'deleted' }
  | { kind: 'flagged' }
  | { kind: 'flag-resolved' }
  | { kind: 'patient-renamed' }
  | {
      kind: 'changed';
      status?: { from: string; to: string };
      moved?: { from: string; to: string };
    };

/**
 * Compares the update with the row the list had (`undefined`: not in the rows read; `null`: no
 * rows read that could hold it) and whether the appointment had an open flag (its id).
 */
export function describeChange(
  update: AppointmentUpdatedPayload,
  previous: PreviousRow | null | undefined,
  previousFlagId: number | null,
): LiveChange {
  if (update.deleted) return { kind: 'deleted' };
  const flagId = update.open_flag?.id ?? null;
  if (flagId !== null && flagId !== previousFlagId) return { kind: 'flagged' };
  if (previous === null) return { kind: 'unknown' };
  if (previous === undefined) return { kind: 'new' };
  const change: LiveChange = { kind: 'changed' };
  if (previous.status !== update.status) change.status = { from: previous.status, to: update.status };
  if (Date.parse(previous.appointment_time) !== Date.parse(update.appointment_time))
    change.moved = { from: previous.appointment_time, to: update.appointment_time };
  const sameRow =
    !change.status &&
    !change.moved &&
    previous.dentist_id === update.dentist_id &&
    previous.patient_id === update.patient_id &&
    (previous.reason ?? null) === (update.reason ?? null);
  if (sameRow && previousFlagId !== null && flagId === null) return { kind: 'flag-resolved' };
  if (sameRow && flagId === previousFlagId && (previous.patient?.name ?? null) !== update.patient_name)
    return { kind: 'patient-renamed' };
  return change;
}

/** Whether the change deserves red (Cancelled and No Show; ours: deleted, a late cancellation). */
export function isAlarmingChange(update: AppointmentUpdatedPayload, change: LiveChange): boolean {
  return change.kind === 'deleted' || change.kind === 'flagged' || isAlarmingStatus(update.status);
}

/** Longest name a notice shows whole: a 200-character dentist would leave no room for what changed. */
export const NOTICE_NAME_MAX = 40;

/** The name, or its first NOTICE_NAME_MAX - 1 characters and '…'. */
export function clipName(name: string): string {
  const chars = [...name];
  return chars.length <= NOTICE_NAME_MAX
    ? name
    : `${chars
        .slice(0, NOTICE_NAME_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The toast / desktop-notification text: who (long names clipped), what changed, and when (clinic
 * time, as 'Nov 21, 2026, 9:20 AM'). For example:
 * 'Maria Santos with Dr. Reyes: Scheduled → Confirmed · Nov 23, 2026, 9:20 AM', or for a move
 * 'Maria Santos: moved Nov 23, 2026, 9:20 AM → Nov 24, 2026, 10:00 AM'.
 */
export function updateNoticeText(
  update: AppointmentUpdatedPayload,
  timeZone: string,
  change: LiveChange = describeChange(update, null, null),
): string {
  const who = update.patient_name ? clipName(update.patient_name) : `Appointment #${update.id}`;
  const withDentist = update.dentist_name ? ` with ${clipName(update.dentist_name)}` : '';
  const when = formatClinicDateTimeShort(update.appointment_time, timeZone);
  const what = (() => {
    switch (change.kind) {
      case 'deleted':
        return LIVE_TEXT.deleted;
      case 'flagged':
        return LIVE_TEXT.lateCancellation;
      case 'new':
        return LIVE_TEXT.added(update.status);
      case 'changed': {
        const parts: string[] = [];
        if (change.status) parts.push(`${change.status.from} → ${change.status.to}`);
        if (change.moved)
          parts.push(
            LIVE_TEXT.moved(
              formatClinicDateTimeShort(change.moved.from, timeZone),
              formatClinicDateTimeShort(change.moved.to, timeZone),
            ),
          );
        return parts.length > 0 ? parts.join('; ') : LIVE_TEXT.detailsChanged(update.status);
      }
      default:
        return update.status;
    }
  })();
  return change.kind === 'changed' && change.moved
    ? `${who}${withDentist}: ${what}`
    : `${who}${withDentist}: ${what} · ${when}`;
}

/**
 * At most one toast per interval (1.5 s); updates arriving in between still merge and
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

export type NotificationAllowance = NotificationPermission | 'unsupported';

/** The browser's permission for desktop notifications, or 'unsupported' without the API. */
export function notificationPermission(): NotificationAllowance {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * How a live update reaches the user: a desktop notification when the tab is hidden and
 * notifications are allowed, else a toast.
 */
export function noticeChannel(tabHidden: boolean, permission: NotificationAllowance): 'desktop' | 'toast' {
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
