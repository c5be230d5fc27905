import type { IsoDate, WallTime } from '@common/clinic-calendar';

/**
 * What the Add form starts with: the dentist, date and slot chosen on the calendar, or the patient
 * another tab asks to book (Recalls' 'Book', a treatment plan's 'Book',
 * src/entities/appointment/booking-intent.ts) with, from a plan, the dentist and the procedure.
 */
export interface AppointmentFormPrefill {
  dentistId?: number;
  date?: IsoDate;
  time?: WallTime;
  patient?: { id: number; name: string };
  /** A procedure of the price list: its category and it are chosen (the reason is its name). */
  procedureId?: number;
}
