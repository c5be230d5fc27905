import { useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { clinicToday, formatClinicDate, formatClinicTime, monthOf, type IsoMonth } from '@common/clinic-calendar';
import { FormMessage, type FormMessageValue } from '@/components/form-message';
import { Modal } from '@/components/modal/modal';
import { MonthCalendar } from '@/components/month-calendar/month-calendar';
import { useToast } from '@/components/toast/toast-context';
import { formatPesos } from '@/entities/money';
import { PatientNoShowFlag } from '@/entities/patient';
import { useKeyedGuard } from '@/lib/keyed-guard';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useNow } from '@/lib/use-now';
import { dentistOptions } from '../../model/display';
import { appointmentKeys } from '../../model/query-keys';
import { daySlots, isClosedDay, isSlotAvailable, type Slot } from '../../model/slots';
import { getBookingAppointment } from '../api/get-appointment';
import { fetchFreshDentistDay, useDentistDay } from '../api/get-dentist-day';
import type { BookingDentist } from '../api/get-dentists';
import { getPatientDay } from '../api/get-patient-day';
import { useSaveAppointment } from '../api/save-appointment';
import { bookingDayTitle, isBookableDate } from '../bookable-dates';
import { procedureOptionLabel } from '../choices';
import { bookingFormReducer, effectiveBookingForm } from '../form-state';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from '../messages';
import { limitNotesEdit } from '../notes-limit';
import { bookingFailureKind, bookingFailureView, doubleBookingDetails } from '../outcome';
import {
  bookingInsert,
  bookingUpdate,
  canSubmitBooking,
  findDoubleBooking,
  findProcedure,
  hasBookingErrors,
  keepsStartedTime,
  notesLength,
  notesRoom,
  startedBookingOf,
  validateBooking,
  type BookingErrors,
  type BookingField,
  type BookingForm as BookingFormValues,
  type ProcedureCategoryChoice,
} from '../validation';
import { askAboutDoubleBooking, showBookingAlert } from './booking-dialogs';
import { PatientCombobox, type ChosenPatient } from './patient-combobox';
import { SlotGrid, SlotLegend } from './slot-grid';
import './booking-form.css';

const SUBMIT = 'submit';

export interface BookingFormProps {
  clinicId: number;
  timeZone: string;
  /** The appointment being edited; null for Add. */
  editingId: number | null;
  /** Its status as loaded (Save sets it back to Scheduled). */
  editingStatus?: string;
  /** Its dentist, patient and time as loaded: once the time has come, it may be corrected where it is. */
  edited?: { readonly dentist_id: number; readonly patient_id: number; readonly appointment_time: string };
  /** Chosen through 'Edit Existing Appointment': its save skips the double-booking check. */
  bypassDoubleBooking: boolean;
  initialForm: BookingFormValues;
  initialPatient: ChosenPatient | null;
  /** The stored procedure name when it matches no procedure of the price list any more. */
  unmatchedProcedure?: string | null;
  dentists: readonly BookingDentist[];
  categories: readonly ProcedureCategoryChoice[];
  onClose(): void;
  onSaved(appointmentId: number): void;
  /** The user chose 'Edit Existing Appointment' in the 'Double Booking' warning. */
  onEditExisting(appointmentId: number): void;
}

/**
 * The Add/Edit Appointment form (spec part 2 §2, §4, §5, §8, §9). Book/Save stays disabled until
 * the spec's conditions hold; pressed anyway, it highlights what is missing with the spec's
 * messages ('Please fix the highlighted errors.', 'Validation Error'). Before saving, the slot is
 * checked against a fresh read of the dentist's day ('Invalid Slot') and the patient's other
 * appointments that day ('Double Booking'); the database has the last word ('Booking failed!').
 * One save runs at a time, so a double click books once.
 */
export function BookingForm({
  clinicId,
  timeZone,
  editingId,
  editingStatus,
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
  const queryClient = useQueryClient();
  const toast = useToast();
  const now = useNow();
  const today = clinicToday(now, timeZone);
  const [form, dispatch] = useReducer(bookingFormReducer, initialForm);
  // Editing an appointment whose time has come: its own time stays valid (issue 12, item 6).
  const started = edited ? startedBookingOf(edited, timeZone, now) : null;
  const [patient, setPatient] = useState<ChosenPatient | null>(initialPatient);
  const [month, setMonth] = useState<IsoMonth>(() => monthOf(initialForm.date ?? today));
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [failure, setFailure] = useState<FormMessageValue | null>(null);
  const [gone, setGone] = useState(false);
  // One submission at a time, its checks and dialogs included, so a double click books once.
  const submission = useKeyedGuard<typeof SUBMIT>();
  const pending = submission.isPending(SUBMIT);
  // 'Booking...' only while the checks and the write run, never while a dialog waits for an answer.
  const [working, setWorking] = useState(false);
  const { mutateAsync: saveAppointment } = useSaveAppointment(clinicId);

  const day = useDentistDay(clinicId, form.dentistId, form.date, timeZone);
  const closedDay = form.date !== null && isClosedDay(form.date);
  const slots = useMemo<readonly Slot[] | undefined>(() => {
    if (form.date === null) return undefined;
    if (closedDay) return [];
    if (!day.data) return undefined;
    return daySlots({
      date: form.date,
      timeZone,
      now,
      appointments: day.data.appointments,
      blocks: day.data.blocks,
      excludeAppointmentId: editingId,
    });
  }, [form.date, closedDay, day.data, timeZone, now, editingId]);

  const effective = effectiveBookingForm(form, slots, started);
  const keptTime = keepsStartedTime(effective, started);
  const procedure = findProcedure(categories, form.categoryId, form.procedureId);
  const category = categories.find((candidate) => candidate.id === form.categoryId);
  const context = { now, timeZone, procedureName: procedure?.name, started };
  const errors = validateBooking(effective, context);
  // The date's own problems (a Sunday, a past day), over-long notes and another patient at a
  // started appointment's time explain a disabled Book at once; missing fields show once Book
  // has been pressed.
  const shownErrors: BookingErrors = showAllErrors
    ? errors
    : Object.fromEntries(
        Object.entries(errors).filter(
          ([field, message]) =>
            field === 'date' || field === 'notes' || message === BOOKING_EXTRA_TEXT.startedPatientChange,
        ),
      );
  const canSubmit = !gone && !hasBookingErrors(errors) && canSubmitBooking(effective, context);
  const room = notesRoom(procedure?.name);
  const usedNotes = notesLength(form.notes);
  const notesRef = useRef<HTMLTextAreaElement>(null);
  const notesCaret = useRef<number | null>(null);
  // After the Notes box left out part of an insertion, the caret goes after what was kept.
  useLayoutEffect(() => {
    if (notesCaret.current === null) return;
    notesRef.current?.setSelectionRange(notesCaret.current, notesCaret.current);
    notesCaret.current = null;
  });
  const slotDropped = form.time !== null && effective.time === null && slots !== undefined && slots.length > 0;
  const banner: FormMessageValue | null =
    failure ?? (showAllErrors && hasBookingErrors(errors) ? { tone: 'error', text: BOOKING_MESSAGES.banner } : null);

  const fieldId = (field: BookingField) => `${formId}-${field}`;
  const errorId = (field: BookingField) => `${formId}-${field}-error`;
  const invalid = (field: BookingField) => shownErrors[field] !== undefined;
  const describedBy = (field: BookingField, ...more: (string | false | undefined)[]) =>
    [invalid(field) ? errorId(field) : undefined, ...more].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: BookingField) =>
    shownErrors[field] ? (
      <p id={errorId(field)} className="booking-field-error">
        {shownErrors[field]}
      </p>
    ) : null;

  function refreshDay() {
    if (form.dentistId === null || form.date === null) return;
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.dentistDay(clinicId, form.dentistId, form.date) });
  }

  async function save(): Promise<void> {
    const checkedAt = new Date();
    const startedNow = edited ? startedBookingOf(edited, timeZone, checkedAt) : null;
    // A procedure id the price list no longer has (it was read again meanwhile) counts as none.
    const current = {
      ...effectiveBookingForm(form, slots, startedNow),
      procedureId: procedure ? form.procedureId : null,
    };
    if (!procedure && form.procedureId !== null) dispatch({ type: 'procedure', procedureId: null });
    // A slot that began since "now" last moved is not a field error: the check below finds it
    // past and says 'Invalid Slot'.
    if (
      !procedure ||
      hasBookingErrors(
        validateBooking(current, { now: checkedAt, timeZone, procedureName: procedure.name, started: startedNow }),
      )
    ) {
      setShowAllErrors(true);
      setFailure(null);
      await showBookingAlert(BOOKING_MESSAGES.bannerTitle, BOOKING_MESSAGES.banner);
      return;
    }
    const { dentistId, patientId, date, time } = current as BookingFormValues & {
      dentistId: number;
      patientId: number;
      date: string;
      time: string;
    };
    // A started appointment corrected where it is holds its slot already: no slot to check, and
    // no new booking of the patient that day to warn about.
    const correctingStarted = keepsStartedTime(current, startedNow);
    setFailure(null);
    setWorking(true);
    try {
      // The slot again, from a fresh read (the grid shows it too), and the edited appointment is still there.
      const [freshDay] = await Promise.all([
        correctingStarted ? null : fetchFreshDentistDay(queryClient, clinicId, dentistId, date, timeZone),
        editingId === null ? null : getBookingAppointment(clinicId, editingId, { retry: false }),
      ]);
      const freshSlots =
        freshDay &&
        daySlots({
          date,
          timeZone,
          now: new Date(),
          appointments: freshDay.appointments,
          blocks: freshDay.blocks,
          excludeAppointmentId: editingId,
        });
      if (freshSlots && !isSlotAvailable(freshSlots, time)) {
        setWorking(false);
        await showBookingAlert(BOOKING_MESSAGES.invalidSlotTitle, BOOKING_MESSAGES.invalidSlot, 'warning');
        return;
      }
      if (!bypassDoubleBooking && !correctingStarted) {
        const sameDay = await getPatientDay(clinicId, patientId, date, timeZone);
        const existing = findDoubleBooking(sameDay, { patientId, date, timeZone, excludeAppointmentId: editingId });
        if (existing) {
          setWorking(false);
          const choice = await askAboutDoubleBooking(doubleBookingDetails(existing, timeZone));
          if (choice === 'edit-existing') onEditExisting(existing.id);
          return;
        }
      }
      const savedId = await saveAppointment(
        editingId === null
          ? {
              appointmentId: null,
              write: bookingInsert(current, { clinicId, procedureName: procedure.name, timeZone }),
            }
          : {
              appointmentId: editingId,
              write: bookingUpdate(current, { procedureName: procedure.name, timeZone, started: startedNow }),
            },
      );
      if (savedId === ALREADY_PENDING) return;
      toast(editingId === null ? BOOKING_MESSAGES.booked : BOOKING_MESSAGES.updated, { tone: 'success' });
      onSaved(savedId);
    } catch (error) {
      setWorking(false);
      console.error('Ngiti: saving an appointment failed', error);
      const kind = bookingFailureKind(error);
      const view = bookingFailureView(kind);
      setFailure({ tone: 'error', text: view.banner.text, detail: view.banner.detail });
      if (view.refreshSlots) refreshDay();
      if (view.refreshProcedures)
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.procedures(clinicId) });
      if (kind === 'gone') {
        setGone(true);
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() });
      }
      if (view.dialog) await showBookingAlert(view.dialog.title, view.dialog.text);
    } finally {
      setWorking(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await submission.run(SUBMIT, save);
  }

  const editing = editingId !== null;
  const options = dentistOptions(dentists);
  const dentistKnown = form.dentistId === null || options.some((option) => option.value === form.dentistId);

  const placeholderClass = `booking-hint booking-slot-placeholder${invalid('time') ? ' is-invalid' : ''}`;
  let slotArea;
  if (form.dentistId === null || form.date === null) {
    slotArea = <p className={placeholderClass}>Choose a dentist and a date to see the free times.</p>;
  } else if (closedDay) {
    slotArea = <p className={placeholderClass}>{BOOKING_MESSAGES.closedDay}</p>;
  } else if (day.isError && !day.data) {
    slotArea = (
      <div className={`${placeholderClass} is-error`} role="alert">
        {BOOKING_EXTRA_TEXT.slotsFailed}{' '}
        <button type="button" className="button-link" onClick={() => void day.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (!slots) {
    slotArea = (
      <p className={placeholderClass} role="status">
        Loading times…
      </p>
    );
  } else {
    slotArea = (
      <SlotGrid
        slots={slots}
        selected={effective.time}
        kept={started && started.dentistId === form.dentistId && started.date === form.date ? started.time : null}
        invalid={invalid('time')}
        describedBy={describedBy('time', slotDropped && `${formId}-slot-dropped`)}
        onSelect={(time) => dispatch({ type: 'time', time })}
      />
    );
  }

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
              Cancel
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
      <form id={formId} className="booking-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {started && edited ? (
          <p className="booking-note">
            {BOOKING_EXTRA_TEXT.startedNote(
              formatClinicDate(edited.appointment_time, timeZone),
              formatClinicTime(edited.appointment_time, timeZone),
            )}
          </p>
        ) : null}
        {editing && editingStatus && editingStatus !== 'Scheduled' && !keptTime ? (
          <p className="booking-note">
            This appointment is {editingStatus}. Saving your changes sets it back to Scheduled.
          </p>
        ) : null}
        <div className="booking-row">
          <div className="field">
            <label className="field-label" htmlFor={fieldId('dentist')}>
              Dentist
            </label>
            <select
              id={fieldId('dentist')}
              className={invalid('dentist') ? 'input is-invalid' : 'input'}
              value={form.dentistId ?? ''}
              aria-invalid={invalid('dentist') || undefined}
              aria-describedby={describedBy('dentist')}
              onChange={(event) =>
                dispatch({ type: 'dentist', dentistId: event.target.value === '' ? null : Number(event.target.value) })
              }
            >
              <option value="">Select Dentist</option>
              {options.map((option) => (
                <option key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
              {dentistKnown ? null : (
                <option value={form.dentistId ?? ''} disabled>
                  Unknown dentist
                </option>
              )}
            </select>
            {fieldError('dentist')}
          </div>
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
          <fieldset className="booking-fieldset">
            <legend className="field-label">Time</legend>
            {slotArea}
            {slotDropped ? (
              <p id={`${formId}-slot-dropped`} className="booking-hint" role="status">
                {BOOKING_EXTRA_TEXT.slotDropped}
              </p>
            ) : null}
            {fieldError('time')}
            {slots && slots.length > 0 ? <SlotLegend /> : null}
          </fieldset>
        </div>

        <div className="booking-row">
          <div className="field">
            <label className="field-label" htmlFor={fieldId('category')}>
              Procedure Category
            </label>
            <select
              id={fieldId('category')}
              className={invalid('category') ? 'input is-invalid' : 'input'}
              value={form.categoryId ?? ''}
              aria-invalid={invalid('category') || undefined}
              aria-describedby={describedBy('category')}
              onChange={(event) =>
                dispatch({
                  type: 'category',
                  categoryId: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">Select Category</option>
              {categories.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
            {fieldError('category')}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={fieldId('procedure')}>
              Procedure
            </label>
            <select
              id={fieldId('procedure')}
              className={invalid('procedure') ? 'input is-invalid' : 'input'}
              value={form.procedureId ?? ''}
              disabled={!category}
              aria-invalid={invalid('procedure') || undefined}
              aria-describedby={describedBy('procedure', procedure && `${formId}-price`)}
              onChange={(event) =>
                dispatch({
                  type: 'procedure',
                  procedureId: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">{category ? 'Select Procedure' : 'Choose a category first'}</option>
              {category?.procedures.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {procedureOptionLabel(choice)}
                </option>
              ))}
            </select>
            {procedure ? (
              <p id={`${formId}-price`} className="booking-price">
                Price: <strong>{formatPesos(procedure.priceCentavos)}</strong>
              </p>
            ) : null}
            {unmatchedProcedure && form.procedureId === null ? (
              <p className="booking-hint">
                The stored procedure “{unmatchedProcedure}” is no longer in the price list. Please choose one.
              </p>
            ) : null}
            {fieldError('procedure')}
          </div>
        </div>

        <div className="field">
          <label className="field-label" htmlFor={fieldId('notes')}>
            Additional Notes <span className="booking-optional">(optional)</span>
          </label>
          <textarea
            ref={notesRef}
            id={fieldId('notes')}
            className={invalid('notes') ? 'input booking-notes is-invalid' : 'input booking-notes'}
            rows={3}
            value={form.notes}
            aria-invalid={invalid('notes') || undefined}
            aria-describedby={describedBy('notes', `${formId}-notes-count`)}
            onChange={(event) => {
              const limited = limitNotesEdit(form.notes, event.target.value, room);
              notesCaret.current = limited.caret;
              dispatch({ type: 'notes', notes: limited.text });
            }}
          />
          <p id={`${formId}-notes-count`} className={`booking-notes-count${usedNotes > room ? ' is-over' : ''}`}>
            {BOOKING_EXTRA_TEXT.notesCount(usedNotes, room)}
            <span className="visually-hidden"> {BOOKING_EXTRA_TEXT.notesCountUnit}</span>
          </p>
          {fieldError('notes')}
        </div>
      </form>
    </Modal>
  );
}
