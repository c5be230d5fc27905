import type { WallTime } from '@common/clinic-calendar';

/** When a clinic sees patients, in its own time zone: the booking grid and the waitlist's sessions. */
export interface ClinicHours {
  /** First slot start, 'HH:MM'. */
  readonly open: WallTime;
  /** No appointment may run past this, 'HH:MM'. */
  readonly close: WallTime;
  readonly lunchStart: WallTime;
  readonly lunchEnd: WallTime;
  /** Length of a slot and of an appointment. */
  readonly slotMinutes: number;
  /** 0 = Sunday … 6 = Saturday. */
  readonly closedWeekdays: readonly number[];
}

/** The spec's hours, which the database's booking rules enforce as well. */
export const CLINIC_HOURS: ClinicHours = Object.freeze({
  open: '09:00',
  close: '18:00',
  lunchStart: '12:00',
  lunchEnd: '13:00',
  slotMinutes: 20,
  closedWeekdays: Object.freeze([0]),
});
