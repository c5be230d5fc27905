/**
 * The booking form's state changes: picking another dentist or date clears the slot (the grid is
 * another one), picking another category clears the procedure (the Procedure select lists that
 * category's procedures only). Pure; the component keeps the state.
 */
import type { IsoDate, WallTime } from '@common/clinic-calendar';
import { isSlotAvailable, type Slot } from '../model/slots';
import { EMPTY_BOOKING_FORM, keepsStartedTime, type BookingForm, type StartedBooking } from './validation';

export type BookingFormAction =
  | { readonly type: 'dentist'; readonly dentistId: number | null }
  | { readonly type: 'patient'; readonly patientId: number | null }
  | { readonly type: 'date'; readonly date: IsoDate | null }
  | { readonly type: 'time'; readonly time: WallTime | null }
  | { readonly type: 'category'; readonly categoryId: number | null }
  | { readonly type: 'procedure'; readonly procedureId: number | null }
  | { readonly type: 'notes'; readonly notes: string }
  /** Replace everything, e.g. with an appointment loaded for Edit. */
  | { readonly type: 'load'; readonly form: BookingForm }
  | { readonly type: 'reset' };

export function bookingFormReducer(form: BookingForm, action: BookingFormAction): BookingForm {
  switch (action.type) {
    case 'dentist':
      return action.dentistId === form.dentistId ? form : { ...form, dentistId: action.dentistId, time: null };
    case 'patient':
      return { ...form, patientId: action.patientId };
    case 'date':
      return action.date === form.date ? form : { ...form, date: action.date, time: null };
    case 'time':
      return { ...form, time: action.time };
    case 'category':
      return action.categoryId === form.categoryId
        ? form
        : { ...form, categoryId: action.categoryId, procedureId: null };
    case 'procedure':
      return { ...form, procedureId: action.procedureId };
    case 'notes':
      return { ...form, notes: action.notes };
    case 'load':
      return action.form;
    case 'reset':
      return EMPTY_BOOKING_FORM;
  }
}

/**
 * The form as it is checked and sent: the chosen slot counts only while the dentist's day, as
 * last read, still has it free. A slot that was booked, blocked or passed meanwhile (another
 * booking, a live update, "now" moving on) drops out, so Book is disabled and the grid shows why;
 * `slots` undefined means the day is not loaded yet, which drops the slot too. A started
 * appointment's own time (`started`, when editing one) is kept: it is past, yet it is where the
 * appointment is, and correcting its notes must not move it.
 */
export function effectiveBookingForm(
  form: BookingForm,
  slots: readonly Slot[] | undefined,
  started?: StartedBooking | null,
): BookingForm {
  if (form.time === null || keepsStartedTime(form, started)) return form;
  return slots && isSlotAvailable(slots, form.time) ? form : { ...form, time: null };
}
