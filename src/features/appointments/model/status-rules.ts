/**
 * Appointment status rules, as the spec sets them (the statuses and their colours are the
 * appointment entity's, src/entities/appointment): which ones the status select offers at a
 * given moment, how a change is carried out, and when a row needs a status update. `now` is
 * always passed in.
 *
 * One moment splits future from past for every rule: an appointment has started once
 * `now >= appointment_time` (docs/adr/0025-where-the-spec-is-silent.md).
 */
import { toInstant } from '@common/clinic-calendar';
import {
  APPOINTMENT_STATUSES,
  statusColour,
  type AppointmentStatus,
  type StatusColour,
} from '@/entities/appointment/status'; // the pure module: tests/e2e import these rules under node

export interface StatusOption {
  readonly value: AppointmentStatus;
  readonly label: string;
  readonly colour: StatusColour;
}

/** Cancelled is locked from one hour before the appointment on. */
export const CANCEL_LOCK_MS = 3_600_000;

/** The status an edited appointment is saved with. */
export const STATUS_AFTER_EDIT: AppointmentStatus = 'Scheduled';

export const STATUS_OPTIONS: readonly StatusOption[] = Object.freeze(
  APPOINTMENT_STATUSES.map((value) => Object.freeze({ value, label: value, colour: statusColour(value) })),
);

/** Whether the appointment has started at `now` (its time has come or passed). */
export function hasStarted(appointmentTime: string | Date, now: Date): boolean {
  return toInstant(appointmentTime).getTime() <= now.getTime();
}

/**
 * Whether the select offers `status` for an appointment at `appointmentTime`:
 * - Cancelled only while the appointment is more than one hour away (exactly one hour away still
 *   counts as more: the lock starts after that instant);
 * - Completed and No Show only once it has started;
 * - Scheduled and Confirmed only before it has started.
 */
export function isStatusSelectable(status: AppointmentStatus, appointmentTime: string | Date, now: Date): boolean {
  const untilStart = toInstant(appointmentTime).getTime() - now.getTime();
  switch (status) {
    case 'Cancelled':
      return untilStart >= CANCEL_LOCK_MS;
    case 'Completed':
    case 'No Show':
      return untilStart <= 0;
    case 'Scheduled':
    case 'Confirmed':
      return untilStart > 0;
  }
}

/** The status select's options for one appointment at `now`, in the spec's order. */
export function statusOptionsFor(
  appointmentTime: string | Date,
  now: Date,
): (StatusOption & { readonly disabled: boolean })[] {
  return STATUS_OPTIONS.map((option) => ({
    ...option,
    disabled: !isStatusSelectable(option.value, appointmentTime, now),
  }));
}

/**
 * How a change of status is carried out: 'none' when it does not change; 'direct' for Scheduled
 * and Confirmed (update only); 'confirm-and-notify' for Completed, No Show and Cancelled (ask,
 * with an optional message, then update and notify the patient).
 */
export type StatusChange = 'none' | 'direct' | 'confirm-and-notify';

export function statusChangeKind(from: string | null | undefined, to: AppointmentStatus): StatusChange {
  if (from === to) return 'none';
  return to === 'Scheduled' || to === 'Confirmed' ? 'direct' : 'confirm-and-notify';
}

/** 'Needs status update': a Scheduled or Confirmed appointment that has started. */
export function needsStatusUpdate(
  appointment: { readonly status: string | null | undefined; readonly appointment_time: string },
  now: Date,
): boolean {
  return (
    (appointment.status === 'Scheduled' || appointment.status === 'Confirmed') &&
    hasStarted(appointment.appointment_time, now)
  );
}

/** Cancelled and No Show updates are shown in red. */
export function isAlarmingStatus(status: string): boolean {
  return status === 'Cancelled' || status === 'No Show';
}
