// CONTRACT (owned by the booking-form helper; the list and calendar import only this).
import type { IsoDate, WallTime } from '../../dates';

export interface AppointmentFormPrefill {
  dentistId?: number;
  date?: IsoDate;
  time?: WallTime;
}

export interface AppointmentFormModalProps {
  clinicId: number;
  timeZone: string;
  /** Edit this appointment; absent means Add. */
  appointmentId?: number;
  /** Add from the calendar: dentist, date and slot chosen there. */
  prefill?: AppointmentFormPrefill;
  onClose(): void;
  /** After 'Appointment booked!' / 'Appointment updated!'; the form has already invalidated appointmentKeys.lists(). */
  onSaved(appointmentId: number): void;
}

export function AppointmentFormModal(props: AppointmentFormModalProps) {
  void props;
  return null;
}
