import { z } from 'zod';
import type { IsoDate, WallTime } from '@common/clinic-calendar';
import type { Slot } from '../../model/slots';
import { effectiveBookingForm } from '../form-state';
import {
  validateBooking,
  type BookingContext,
  type BookingErrors,
  type BookingField,
  type BookingForm,
} from '../validation';

/** The Add/Edit Appointment form's values as the user left them (validation.ts's BookingForm). */
export const bookingValuesSchema = z.object({
  dentistId: z.number().nullable(),
  patientId: z.number().nullable(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  categoryId: z.number().nullable(),
  procedureId: z.number().nullable(),
  notes: z.string(),
});

/** Which value each of validateBooking's fields judges. */
const VALUE_OF: Record<BookingField, keyof BookingForm> = {
  dentist: 'dentistId',
  patient: 'patientId',
  date: 'date',
  time: 'time',
  category: 'categoryId',
  procedure: 'procedureId',
  notes: 'notes',
};

const FIELD_OF = new Map(Object.entries(VALUE_OF).map(([field, value]) => [value, field as BookingField]));

/** What the form is judged against besides its values. */
export interface BookingCheck extends BookingContext {
  /** The slots the grid shows (undefined while the day loads): a slot gone from them counts as none. */
  readonly slots: readonly Slot[] | undefined;
}

/** A form that passed: everything chosen. */
export type CompleteBookingForm = BookingForm & {
  readonly dentistId: number;
  readonly patientId: number;
  readonly date: IsoDate;
  readonly time: WallTime;
  readonly categoryId: number;
  readonly procedureId: number;
};

/**
 * The form as it is checked and sent: the effective form (a slot no longer free counts as none,
 * ../form-state.ts) judged by validateBooking, each refusal with its spec message on its value.
 * What passes is the effective form, complete.
 */
export function bookingFormSchema(check: BookingCheck) {
  return bookingValuesSchema.transform((values, context): CompleteBookingForm => {
    const form = effectiveBookingForm(values, check.slots, check.started);
    const errors = Object.entries(validateBooking(form, check)) as [BookingField, string][];
    for (const [field, message] of errors) context.addIssue({ code: 'custom', path: [VALUE_OF[field]], message });
    // validateBooking refuses a form without a dentist, patient, slot, category or procedure.
    return errors.length > 0 ? z.NEVER : (form as CompleteBookingForm);
  });
}

export type BookingCheckResult =
  { readonly ok: true; readonly form: CompleteBookingForm } | { readonly ok: false; readonly errors: BookingErrors };

/** bookingFormSchema's verdict, its refusals keyed by the form's fields. */
export function checkBooking(values: BookingForm, check: BookingCheck): BookingCheckResult {
  const result = bookingFormSchema(check).safeParse(values);
  if (result.success) return { ok: true, form: result.data };
  const errors: BookingErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF.get(String(issue.path[0]) as keyof BookingForm);
    if (field) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
