import { useId, useState } from 'react';
import { clinicToday, formatClinicDate, formatClinicTime, monthOf, type IsoMonth } from '@common/clinic-calendar';
import { SelectField } from '@/components/form/select-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { MonthCalendar } from '@/components/month-calendar/month-calendar';
import { PatientHmoCardNotice, PatientNoShowFlag, type ChosenPatient } from '@/entities/patient';
import { useNow } from '@/lib/use-now';
import { dentistOptions } from '../../model/display';
import { CANCEL_TEXT } from '../../model/messages';
import { bookingValuesSchema, checkBooking } from '../api/booking-form.schema';
import type { BookingDentist } from '../api/get-dentists';
import { bookingDayTitle, isBookableDate } from '../bookable-dates';
import type { ChangedElsewhere, StoredAppointmentFields } from '../concurrent-edit';
import { bookingFormReducer, effectiveBookingForm, type BookingFormAction } from '../form-state';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from '../messages';
import {
  canSubmitBooking,
  findProcedure,
  keepsStartedTime,
  notesRoom,
  startedBookingOf,
  shownBookingErrors,
  type BookingForm as BookingFormValues,
  type ProcedureCategoryChoice,
} from '../validation';
import { fieldKit, selectedId } from './field-kit';
import { NotesField } from './notes-field';
import { PatientCombobox } from './patient-combobox';
import { ProcedureFields } from './procedure-fields';
import { SlotArea } from './slot-area';
import { useBookingSubmission } from './use-booking-submission';
import { useDaySlots } from './use-day-slots';
import './booking-form.css';

export interface BookingFormProps {
  clinicId: number;
  timeZone: string;
  /** The appointment being edited; null for Add. */
  editingId: number | null;
  /**
   * It as loaded: Save writes only while it is still stored so, and sets its status back to
   * Scheduled; once its time has come, it may be corrected where it is.
   */
  edited?: StoredAppointmentFields;
  /** Chosen through 'Edit Existing Appointment': its save skips the double-booking check. */
  bypassDoubleBooking: boolean;
  initialForm: BookingFormValues;
  initialPatient: ChosenPatient | null;
  /** The stored procedure name when it matches no procedure of the price list any more. */
  unmatchedProcedure?: string | null;
  dentists: readonly BookingDentist[];
  categories: readonly ProcedureCategoryChoice[];
  onClose(): void;
  /** After 'Appointment booked!' (`created`: a new appointment) or 'Appointment updated!'. */
  onSaved(appointmentId: number, created: boolean): void;
  /** The user chose 'Edit Existing Appointment' in the 'Double Booking' warning. */
  onEditExisting(appointmentId: number): void;
}

/**
 * The Add/Edit Appointment form. Book/Save stays disabled until the spec's conditions hold; pressed
 * anyway, it highlights what is missing with the spec's messages ('Please fix the highlighted
 * errors.', 'Validation Error'). Before saving, the slot is checked against a fresh read of the
 * dentist's day ('Invalid Slot') and the patient's other appointments that day ('Double Booking');
 * the database has the last word ('Booking failed!'). One save runs at a time, so a double click
 * books once.
 */
export function BookingForm({
  clinicId,
  timeZone,
  editingId,
  edited,
  bypassDoubleBooking,
  initialForm,
  initialPatient,
  unmatchedProcedure,
  dentists,
  categories,
  onClose,
  onSaved,
  onEditExisting,
}: BookingFormProps) {
  const formId = useId();
  const now = useNow();
  const today = clinicToday(now, timeZone);
  const booking = useZodForm(bookingValuesSchema, { defaultValues: initialForm });
  const form = booking.watch();
  /** A change as form-state.ts has it (another dentist or date clears the slot, and so on). */
  function dispatch(action: BookingFormAction) {
    const current = booking.getValues();
    const next = bookingFormReducer(current, action);
    for (const key of Object.keys(next) as (keyof BookingFormValues)[]) {
      if (next[key] !== current[key]) booking.setValue(key, next[key]);
    }
  }
  // The edited appointment as last seen stored: as loaded, or as read again after Save found it
  // changed elsewhere.
  const [stored, setStored] = useState(edited);
  const [unmatched, setUnmatched] = useState(unmatchedProcedure ?? null);
  // Editing an appointment whose time has come: its own time stays valid.
  const started = stored ? startedBookingOf(stored, timeZone, now) : null;
  const [patient, setPatient] = useState<ChosenPatient | null>(initialPatient);
  const [month, setMonth] = useState<IsoMonth>(() => monthOf(initialForm.date ?? today));
  /** Save wrote nothing, the appointment having changed elsewhere: show it as ../concurrent-edit.ts says. */
  function showChangedElsewhere(changed: ChangedElsewhere) {
    setStored(changed.stored);
    setUnmatched(changed.unmatchedProcedure);
    if (changed.patient) setPatient(changed.patient);
    dispatch({ type: 'load', form: changed.values });
    if (changed.values.date) setMonth(monthOf(changed.values.date));
  }
  const { showAllErrors, failure, gone, working, pending, submit } = useBookingSubmission({
    clinicId,
    timeZone,
    editingId,
    edited: stored,
    bypassDoubleBooking,
    onProcedureDropped: () => dispatch({ type: 'procedure', procedureId: null }),
    onSaved,
    onChangedElsewhere: showChangedElsewhere,
    onEditExisting,
  });

  const { day, closedDay, slots } = useDaySlots({
    clinicId,
    timeZone,
    dentistId: form.dentistId,
    date: form.date,
    now,
    editingId,
  });

  const effective = effectiveBookingForm(form, slots, started);
  const keptTime = keepsStartedTime(effective, started);
  const procedure = findProcedure(categories, form.categoryId, form.procedureId);
  const context = { now, timeZone, procedureName: procedure?.name, started };
  const checked = checkBooking(form, { ...context, slots });
  const shownErrors = checked.ok ? {} : shownBookingErrors(checked.errors, showAllErrors);
  const canSubmit = !gone && checked.ok && canSubmitBooking(effective, context);
  const slotDropped = form.time !== null && effective.time === null && slots !== undefined && slots.length > 0;
  const banner: FormMessageValue | null =
    failure ?? (showAllErrors && !checked.ok ? { tone: 'error', text: BOOKING_MESSAGES.banner } : null);
  const kit = fieldKit(formId, shownErrors);
  const { fieldId, invalid, describedBy, fieldError } = kit;

  const editing = editingId !== null;
  const options = dentistOptions(dentists);
  const dentistKnown = form.dentistId === null || options.some((option) => option.value === form.dentistId);

  return (
    <Modal
      open
      title={editing ? 'Edit Appointment' : 'Add Appointment'}
      onClose={onClose}
      size="large"
      footer={
        <div className="booking-footer">
          <div className="booking-footer-message" aria-live="polite">
            <FormMessage message={banner} />
          </div>
          <div className="booking-footer-buttons">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {CANCEL_TEXT}
            </button>
            <button
              type="submit"
              form={formId}
              className="button button-primary"
              disabled={pending || gone}
              aria-disabled={!canSubmit || undefined}
            >
              {working ? (editing ? 'Saving...' : 'Booking...') : editing ? 'Save' : 'Book'}
            </button>
          </div>
        </div>
      }
    >
      <form
        id={formId}
        className="booking-form"
        onSubmit={(event) =>
          void booking.handleSubmit((sent) => submit({ form: sent, shownSlots: slots, procedure, categories }))(event)
        }
        noValidate
      >
        {started && stored ? (
          <p className="booking-note">
            {BOOKING_EXTRA_TEXT.startedNote(
              formatClinicDate(stored.appointment_time, timeZone),
              formatClinicTime(stored.appointment_time, timeZone),
            )}
          </p>
        ) : null}
        {stored && stored.status !== 'Scheduled' && !keptTime ? (
          <p className="booking-note">
            This appointment is {stored.status}. Saving your changes sets it back to Scheduled.
          </p>
        ) : null}
        <div className="booking-row">
          <SelectField
            id={fieldId('dentist')}
            label="Dentist"
            placeholder="Select Dentist"
            options={[
              ...options.map((option) => ({ ...option, value: String(option.value) })),
              ...(dentistKnown ? [] : [{ value: String(form.dentistId), label: 'Unknown dentist', disabled: true }]),
            ]}
            value={form.dentistId ?? ''}
            error={kit.error('dentist')}
            announceError={false}
            onChange={(event) => dispatch({ type: 'dentist', dentistId: selectedId(event.target.value) })}
          />
          <div className="field">
            <label className="field-label" htmlFor={fieldId('patient')}>
              Patient
            </label>
            <PatientCombobox
              id={fieldId('patient')}
              clinicId={clinicId}
              value={patient}
              invalid={invalid('patient')}
              describedBy={describedBy('patient')}
              onChange={(chosen) => {
                setPatient(chosen);
                dispatch({ type: 'patient', patientId: chosen?.id ?? null });
              }}
            />
            {fieldError('patient')}
            <PatientNoShowFlag clinicId={clinicId} patientId={patient?.id ?? null} />
            <PatientHmoCardNotice clinicId={clinicId} patientId={patient?.id ?? null} day={form.date} />
          </div>
        </div>

        <div className="booking-row booking-when">
          <fieldset className="booking-fieldset">
            <legend className="field-label">Date</legend>
            <MonthCalendar
              month={month}
              today={today}
              selected={form.date}
              earliestMonth={started && started.date < today ? monthOf(started.date) : monthOf(today)}
              isSelectable={(date) => isBookableDate(date, today) || date === started?.date}
              dayTitle={(date) => bookingDayTitle(date, today)}
              describedBy={describedBy('date')}
              onMonthChange={setMonth}
              onSelect={(date) => dispatch({ type: 'date', date })}
              classNames={{
                root: invalid('date') ? 'booking-calendar is-invalid' : 'booking-calendar',
                header: 'booking-calendar-header',
                nav: 'booking-calendar-nav',
                title: 'booking-calendar-title',
                grid: 'booking-calendar-grid',
                day: 'booking-day',
                today: 'booking-day-today',
                selected: 'booking-day-selected',
              }}
            />
            {fieldError('date')}
          </fieldset>
          <SlotArea
            kit={kit}
            chosen={form.dentistId !== null && form.date !== null}
            closedDay={closedDay}
            failed={day.isError && !day.data}
            onRetry={() => void day.refetch()}
            slots={slots}
            selected={effective.time}
            kept={started && started.dentistId === form.dentistId && started.date === form.date ? started.time : null}
            slotDropped={slotDropped}
            onSelect={(time) => dispatch({ type: 'time', time })}
          />
        </div>

        <ProcedureFields
          kit={kit}
          categories={categories}
          categoryId={form.categoryId}
          procedureId={form.procedureId}
          procedure={procedure}
          unmatchedProcedure={unmatched}
          onCategory={(categoryId) => dispatch({ type: 'category', categoryId })}
          onProcedure={(procedureId) => dispatch({ type: 'procedure', procedureId })}
        />

        <NotesField
          kit={kit}
          notes={form.notes}
          room={notesRoom(procedure?.name)}
          onChange={(notes) => dispatch({ type: 'notes', notes })}
        />
      </form>
    </Modal>
  );
}
