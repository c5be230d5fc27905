import type { AppointmentRow } from '@/lib/database.types';

/** What one row of the Appointments list needs, with the patient's name and Messenger id embedded. */
export const LIST_APPOINTMENT_COLUMNS =
  'id, clinic_id, dentist_id, patient_id, appointment_time, reason, status, booking_origin, guardian_messenger_id, patient:patients(name, messenger_id)';

export type ListAppointmentRecord = Pick<
  AppointmentRow,
  | 'id'
  | 'clinic_id'
  | 'dentist_id'
  | 'patient_id'
  | 'appointment_time'
  | 'reason'
  | 'status'
  | 'booking_origin'
  | 'guardian_messenger_id'
> & {
  patient: { name: string; messenger_id: string | null } | null;
};

/** A list row plus its start as epoch milliseconds, parsed once when the rows arrive. */
export type ListAppointment = ListAppointmentRecord & { readonly startsAt: number };

export function toListAppointment(record: ListAppointmentRecord): ListAppointment {
  return { ...record, startsAt: new Date(record.appointment_time).getTime() };
}
