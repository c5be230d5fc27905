import type { IsoDate, WallTime } from '@common/clinic-calendar';

/**
 * What the Add form starts with: the dentist, date and slot chosen on the calendar, or the patient
 * another tab asks to book (Recalls' 'Book', src/entities/appointment/booking-intent.ts).
 */
export interface AppointmentFormPrefill {
  dentistId?: number;
  date?: IsoDate;
  time?: WallTime;
  patient?: { id: number; name: string };
}
