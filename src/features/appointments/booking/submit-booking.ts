/**
 * Book / Save of the Add/Edit Appointment form as one use case: validate at the clock's "now", read
 * the dentist's day again and check the slot ('Invalid Slot'), check the patient's other
 * appointments that day ('Double Booking', unless the user came from that warning), write, and read
 * again what the write changed; an edit writes only while the appointment is stored as the form
 * saw it. The database has the last word: its refusals are told apart by their codes
 * (./outcome.ts). No React here: the reads, the write, the dialogs, the clock and the
 * cache refresh are passed in (./components/use-booking-submission.ts wires them).
 */
import type { IsoDate } from '@common/clinic-calendar';
import { patientChartKey } from '@/entities/patient/query-keys';
import { ALREADY_PENDING, type AlreadyPending } from '@/lib/keyed-guard';
import { appointmentKeys } from '../model/query-keys';
import { daySlots, isSlotAvailable, type Slot } from '../model/slots';
import { checkBooking } from './api/booking-form.schema';
import type { EditedAppointment } from './api/get-appointment';
import type { DentistDay } from './api/get-dentist-day';
import type { PatientDayAppointment } from './api/get-patient-day';
import type { AppointmentSave } from './api/save-appointment';
import {
  changedElsewhere,
  storedFieldsOf,
  type ChangedElsewhere,
  type StoredAppointmentFields,
} from './concurrent-edit';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from './messages';
import {
  bookingFailureKind,
  bookingFailureView,
  doubleBookingDetails,
  type BookingFailureKind,
  type DoubleBookingDetails,
} from './outcome';
import {
  bookingInsert,
  bookingUpdate,
  findDoubleBooking,
  keepsStartedTime,
  startedBookingOf,
  type BookingForm,
  type ProcedureCategoryChoice,
  type ProcedureChoice,
} from './validation';

export type DoubleBookingChoice = 'edit-existing' | 'cancel';

/** What is booked: the form as the user left it, and what it was checked against on screen. */
export interface BookingRequest {
  readonly clinicId: number;
  readonly timeZone: string;
  /** The appointment being edited; null for Add. */
  readonly editingId: number | null;
  /**
   * The edited appointment as the form last saw it stored (as loaded, or as read again after a
   * save made elsewhere meanwhile): Save writes only while it is still stored so. Required with
   * `editingId`.
   */
  readonly edited?: StoredAppointmentFields;
  /** Chosen through 'Edit Existing Appointment': no double-booking check. */
  readonly bypassDoubleBooking: boolean;
  readonly form: BookingForm;
  /** The slots the grid shows (undefined while the day loads): a slot gone from them counts as none. */
  readonly shownSlots: readonly Slot[] | undefined;
  /** The chosen procedure as the current price list has it; undefined when it has none. */
  readonly procedure: ProcedureChoice | undefined;
  /** The price list, to read a stored reason as category and procedure. */
  readonly categories: readonly ProcedureCategoryChoice[];
}

/**
 * What the form shows while the use case runs, in order. 'invalid': every field's error, no
 * failure banner (and the procedure cleared when the price list no longer has it); 'working':
 * 'Booking...' / 'Saving...', no failure banner; 'waiting': the label back while a dialog asks;
 * 'failed': the failure banner, and with `gone` Book disabled for good.
 */
export type BookingUpdate =
  | { readonly type: 'invalid'; readonly dropProcedure: boolean }
  | { readonly type: 'working' }
  | { readonly type: 'waiting' }
  | {
      readonly type: 'failed';
      readonly banner: { readonly text: string; readonly detail?: string };
      readonly gone: boolean;
    };

export interface BookingDependencies {
  /** The clock. */
  now(): Date;
  /** The dentist's day read again, without retries (the grid shows the answer too). */
  readDentistDay(dentistId: number, date: IsoDate): Promise<DentistDay>;
  /** The edited appointment read again: rejects with a 'gone' RequestError when it was deleted. */
  readEditedAppointment(appointmentId: number): Promise<EditedAppointment>;
  /** The patient's appointments on that clinic date. */
  readPatientDay(patientId: number, date: IsoDate): Promise<readonly PatientDayAppointment[]>;
  /**
   * The write: the appointment's id; null when an edit matched nothing (the appointment changed or
   * was deleted meanwhile); ALREADY_PENDING when the same save is in flight already.
   */
  save(save: AppointmentSave): Promise<number | null | AlreadyPending>;
  /** A message with one OK button. */
  alert(title: string, text: string, icon?: 'error' | 'warning'): Promise<void>;
  /** The 'Double Booking' warning: the user's answer. */
  confirmDoubleBooking(details: DoubleBookingDetails): Promise<DoubleBookingChoice>;
  /** Marks cached reads stale (TanStack Query keys); settles once the shown ones are read again. */
  refresh(queryKey: readonly unknown[]): Promise<void>;
  /** Tells the form what to show now. */
  update(update: BookingUpdate): void;
}

export type BookingOutcome =
  | { readonly type: 'invalid' }
  | { readonly type: 'slot-unavailable' }
  | { readonly type: 'double-booking'; readonly existingId: number; readonly choice: DoubleBookingChoice }
  | { readonly type: 'saved'; readonly appointmentId: number; readonly created: boolean }
  /** Edit found the appointment changed elsewhere meanwhile: nothing written; the form shows this. */
  | { readonly type: 'changed-meanwhile'; readonly changed: ChangedElsewhere }
  /** The same save was in flight already (a double click): nothing more happens. */
  | { readonly type: 'already-pending' }
  | { readonly type: 'failed'; readonly kind: BookingFailureKind };

/** What a saved appointment makes stale: every list, every dentist's day, and the edited appointment. */
export function keysAfterSave(clinicId: number, appointmentId: number | null): (readonly unknown[])[] {
  const keys: (readonly unknown[])[] = [appointmentKeys.lists(), appointmentKeys.dentistDays()];
  if (appointmentId !== null) keys.push(appointmentKeys.detail(clinicId, appointmentId));
  return keys;
}

/** The edited appointment's id and how the form last saw it stored; null for Add. */
function editingOf({ editingId, edited }: BookingRequest): { id: number; opened: StoredAppointmentFields } | null {
  if (editingId === null) return null;
  if (!edited) throw new RangeError('An edit needs the appointment as the form last saw it stored.');
  return { id: editingId, opened: storedFieldsOf(edited) };
}

/**
 * Books (Add) or saves (Edit) the appointment, asking the user through `deps` where the spec asks.
 * Never rejects: a failed read or write is reported through `deps.update` and a dialog, and
 * answered as 'failed'. An edit whose appointment changed elsewhere since the form last saw it
 * (`edited`) writes nothing and answers the form to show instead (./concurrent-edit.ts).
 */
export async function submitBooking(request: BookingRequest, deps: BookingDependencies): Promise<BookingOutcome> {
  const { clinicId, timeZone, editingId, edited, form, procedure } = request;
  const editing = editingOf(request);
  const checkedAt = deps.now();
  const started = edited ? startedBookingOf(edited, timeZone, checkedAt) : null;
  // A procedure id the price list no longer has (it was read again meanwhile) counts as none.
  // A slot that began since "now" last moved is not a field error: the check below finds it past
  // and says 'Invalid Slot'.
  const checked = checkBooking(
    { ...form, procedureId: procedure ? form.procedureId : null },
    { now: checkedAt, timeZone, procedureName: procedure?.name, started, slots: request.shownSlots },
  );
  if (!procedure || !checked.ok) {
    deps.update({ type: 'invalid', dropProcedure: !procedure && form.procedureId !== null });
    await deps.alert(BOOKING_MESSAGES.bannerTitle, BOOKING_MESSAGES.banner);
    return { type: 'invalid' };
  }
  const current = checked.form;
  const { dentistId, patientId, date, time } = current;
  // A started appointment corrected where it is holds its slot already: no slot to check, and no
  // new booking of the patient that day to warn about.
  const correctingStarted = keepsStartedTime(current, started);
  deps.update({ type: 'working' });
  try {
    // The slot again, from a fresh read, and the edited appointment is still there.
    const [freshDay] = await Promise.all([
      correctingStarted ? null : deps.readDentistDay(dentistId, date),
      editingId === null ? null : deps.readEditedAppointment(editingId),
    ]);
    const freshSlots =
      freshDay &&
      daySlots({
        date,
        timeZone,
        now: deps.now(),
        appointments: freshDay.appointments,
        blocks: freshDay.blocks,
        excludeAppointmentId: editingId,
      });
    if (freshSlots && !isSlotAvailable(freshSlots, time)) {
      deps.update({ type: 'waiting' });
      await deps.alert(BOOKING_MESSAGES.invalidSlotTitle, BOOKING_MESSAGES.invalidSlot, 'warning');
      return { type: 'slot-unavailable' };
    }
    if (!request.bypassDoubleBooking && !correctingStarted) {
      const sameDay = await deps.readPatientDay(patientId, date);
      const existing = findDoubleBooking(sameDay, { patientId, date, timeZone, excludeAppointmentId: editingId });
      if (existing) {
        deps.update({ type: 'waiting' });
        const choice = await deps.confirmDoubleBooking(doubleBookingDetails(existing, timeZone));
        return { type: 'double-booking', existingId: existing.id, choice };
      }
    }
    const save: AppointmentSave =
      editing === null
        ? { appointmentId: null, write: bookingInsert(current, { clinicId, procedureName: procedure.name, timeZone }) }
        : {
            appointmentId: editing.id,
            write: bookingUpdate(current, { procedureName: procedure.name, timeZone, started }),
            opened: editing.opened,
          };
    const savedId = await deps.save(save);
    if (savedId === ALREADY_PENDING) return { type: 'already-pending' };
    if (savedId === null) {
      // Only an edit's write is filtered. Nothing was written: the appointment is no longer stored
      // as the form saw it. Read again, it is either gone (the catch below says so) or changed by
      // someone else.
      if (editing === null) throw new RangeError('A booking answered no appointment.');
      const stored = await deps.readEditedAppointment(editing.id);
      deps.update({ type: 'waiting' });
      deps.update({ type: 'failed', banner: { text: BOOKING_EXTRA_TEXT.changedMeanwhile }, gone: false });
      void deps.refresh(appointmentKeys.lists());
      void deps.refresh(appointmentKeys.dentistDays());
      return {
        type: 'changed-meanwhile',
        changed: changedElsewhere(form, editing.opened, stored, request.categories, timeZone),
      };
    }
    // The charts list the patient's visits and which plan items are booked on one to come: the
    // patient's, and on an edit the one the visit was taken from. Read again as a status change
    // has them read, without waiting.
    for (const chartPatientId of new Set([patientId, editing?.opened.patient_id ?? patientId]))
      void deps.refresh(patientChartKey(clinicId, chartPatientId));
    // Saved once the list shows it: the row's next action (a status change) must go by the saved
    // appointment, not the row as it was before.
    await Promise.all(keysAfterSave(clinicId, editingId).map((key) => deps.refresh(key)));
    return { type: 'saved', appointmentId: savedId, created: editingId === null };
  } catch (error) {
    deps.update({ type: 'waiting' });
    console.error('Ngiti: saving an appointment failed', error);
    const kind = bookingFailureKind(error);
    const view = bookingFailureView(kind);
    deps.update({ type: 'failed', banner: view.banner, gone: kind === 'gone' });
    if (view.refreshSlots) void deps.refresh(appointmentKeys.dentistDay(clinicId, dentistId, date));
    if (view.refreshProcedures) void deps.refresh(appointmentKeys.procedures(clinicId));
    if (kind === 'gone') void deps.refresh(appointmentKeys.lists());
    if (view.dialog) await deps.alert(view.dialog.title, view.dialog.text);
    return { type: 'failed', kind };
  }
}
