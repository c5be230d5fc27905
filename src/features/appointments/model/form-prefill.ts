import type { IsoDate, WallTime } from '@common/clinic-calendar';

/** What the calendar hands the Add form: the dentist, date and slot chosen there. */
export interface AppointmentFormPrefill {
  dentistId?: number;
  date?: IsoDate;
  time?: WallTime;
}
