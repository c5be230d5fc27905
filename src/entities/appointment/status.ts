/**
 * An appointment's status as every screen shows it: the statuses are the shared contract's
 * (@common/contract, the database's check constraint), and each has one colour:
 * Confirmed green, Completed blue, No Show orange, Cancelled red; Scheduled, which the spec gives
 * no colour, and anything the app does not know are grey (docs/adr/0025-where-the-spec-is-silent.md).
 * Pure.
 */
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@common/contract/appointment-status';

export { APPOINTMENT_STATUSES, type AppointmentStatus };

export type StatusColour = 'green' | 'blue' | 'orange' | 'red' | 'grey';

const COLOURS: Record<AppointmentStatus, StatusColour> = {
  Scheduled: 'grey',
  Confirmed: 'green',
  Completed: 'blue',
  'No Show': 'orange',
  Cancelled: 'red',
};

export function isAppointmentStatus(value: unknown): value is AppointmentStatus {
  return typeof value === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(value);
}

/** The status's colour; grey for anything that is not one of the five statuses. */
export function statusColour(status: string | null | undefined): StatusColour {
  return isAppointmentStatus(status) ? COLOURS[status] : 'grey';
}

export interface StatusBadgeLook {
  tone: StatusColour;
  label: string;
}

/** A badge's colour and words: the status under its own name, or grey 'Unknown'. */
export function statusBadge(status: string | null | undefined): StatusBadgeLook {
  return isAppointmentStatus(status) ? { tone: COLOURS[status], label: status } : { tone: 'grey', label: 'Unknown' };
}
