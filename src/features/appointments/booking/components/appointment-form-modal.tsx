import { useState, type ReactNode } from 'react';
import { clinicToday } from '@common/clinic-calendar';
import { Modal } from '@/components/modal/modal';
import { ErrorState, LoadingState } from '@/components/states/states';
import type { AppointmentFormPrefill } from '../../model/form-prefill';
import { CANCEL_TEXT } from '../../model/messages';
import { useBookingAppointment, type EditedAppointment } from '../api/get-appointment';
import { useBookingDentists } from '../api/get-dentists';
import { useBookingProcedures } from '../api/get-procedures';
import { firstBookableDate } from '../bookable-dates';
import { unmatchedProcedureOf } from '../concurrent-edit';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from '../messages';
import { bookingFailureKind } from '../outcome';
import {
  EMPTY_BOOKING_FORM,
  bookingFormFromAppointment,
  type BookingForm as BookingFormValues,
  type ProcedureCategoryChoice,
} from '../validation';
import { BookingForm } from './booking-form';

export interface AppointmentFormModalProps {
  clinicId: number;
  timeZone: string;
  /** Edit this appointment; absent means Add. */
  appointmentId?: number;
  /** Add from the calendar (dentist, date and slot chosen there) or for a patient another tab hands over. */
  prefill?: AppointmentFormPrefill;
  onClose(): void;
  /** After 'Appointment booked!' / 'Appointment updated!'; the form has already invalidated appointmentKeys.lists(). */
  onSaved(appointmentId: number): void;
  /**
   * After 'Appointment booked!' only, before onSaved: a new appointment was booked. Never after a
   * save of an existing one, also not once Add has turned into editing one through 'Edit Existing
   * Appointment'.
   */
  onBooked?(appointmentId: number): void;
}

interface Editing {
  id: number;
  /** Opened through 'Edit Existing Appointment' in the 'Double Booking' warning. */
  bypassDoubleBooking: boolean;
}

function addForm(prefill: AppointmentFormPrefill | undefined, timeZone: string): BookingFormValues {
  return {
    ...EMPTY_BOOKING_FORM,
    dentistId: prefill?.dentistId ?? null,
    patientId: prefill?.patient?.id ?? null,
    date: prefill?.date ?? firstBookableDate(clinicToday(new Date(), timeZone)),
    time: prefill?.time ?? null,
  };
}

/** The add form with the procedure another tab named (a treatment plan's Book) chosen in its category. */
function withPrefilledProcedure(
  form: BookingFormValues,
  procedureId: number | undefined,
  categories: readonly ProcedureCategoryChoice[],
): BookingFormValues {
  const category = categories.find((choice) => choice.procedures.some((procedure) => procedure.id === procedureId));
  return category && procedureId !== undefined ? { ...form, categoryId: category.id, procedureId } : form;
}

function editForm(appointment: EditedAppointment, categories: readonly ProcedureCategoryChoice[], timeZone: string) {
  const form = bookingFormFromAppointment(appointment, categories, timeZone);
  return { form, unmatchedProcedure: unmatchedProcedureOf(form, appointment.reason) };
}

/**
 * Add Appointment and Edit Appointment: loads the dentists, the price list and,
 * for Edit, the appointment with its patient's name, then shows the form. 'Edit Existing
 * Appointment' in the double-booking warning switches this dialog to editing that appointment.
 */
export function AppointmentFormModal({
  clinicId,
  timeZone,
  appointmentId,
  prefill,
  onClose,
  onSaved,
  onBooked,
}: AppointmentFormModalProps) {
  const [editing, setEditing] = useState<Editing | null>(
    appointmentId === undefined ? null : { id: appointmentId, bypassDoubleBooking: false },
  );
  const [initialAddForm] = useState(() => addForm(prefill, timeZone));
  const dentists = useBookingDentists(clinicId);
  const procedures = useBookingProcedures(clinicId);
  const appointment = useBookingAppointment(clinicId, editing?.id ?? null);
  const title = editing ? 'Edit Appointment' : 'Add Appointment';

  const shell = (body: ReactNode) => (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button button-secondary" onClick={onClose}>
          {CANCEL_TEXT}
        </button>
      }
    >
      {body}
    </Modal>
  );

  if (dentists.isError || procedures.isError) {
    return shell(
      <ErrorState
        title={BOOKING_EXTRA_TEXT.listsFailed}
        onRetry={() => {
          if (dentists.isError) void dentists.refetch();
          if (procedures.isError) void procedures.refetch();
        }}
      />,
    );
  }
  if (editing && appointment.isError) {
    return bookingFailureKind(appointment.error) === 'gone'
      ? shell(<ErrorState title={BOOKING_EXTRA_TEXT.gone} />)
      : shell(<ErrorState title={BOOKING_MESSAGES.connectionFailed} onRetry={() => void appointment.refetch()} />);
  }
  // The appointment as read for this form, not as a closed form left it in the cache: a form's
  // fields are set once from what it first shows, so it waits for its own read.
  if (!dentists.data || !procedures.data || (editing && (!appointment.data || !appointment.isFetchedAfterMount))) {
    return shell(<LoadingState label={editing ? 'Loading the appointment…' : 'Loading…'} />);
  }

  const common = {
    clinicId,
    timeZone,
    dentists: dentists.data,
    categories: procedures.data,
    onClose,
    onSaved: (id: number, created: boolean) => {
      if (created) onBooked?.(id);
      onSaved(id);
    },
    onEditExisting: (id: number) => setEditing({ id, bypassDoubleBooking: true }),
  };
  if (editing && appointment.data) {
    const loaded = appointment.data;
    const { form, unmatchedProcedure } = editForm(loaded, procedures.data, timeZone);
    return (
      <BookingForm
        key={`edit-${loaded.id}`}
        {...common}
        editingId={loaded.id}
        edited={loaded}
        bypassDoubleBooking={editing.bypassDoubleBooking}
        initialForm={form}
        initialPatient={{ id: loaded.patient_id, name: loaded.patient_name ?? BOOKING_EXTRA_TEXT.unknownPatient }}
        unmatchedProcedure={unmatchedProcedure}
      />
    );
  }
  return (
    <BookingForm
      key="add"
      {...common}
      editingId={null}
      bypassDoubleBooking={false}
      initialForm={withPrefilledProcedure(initialAddForm, prefill?.procedureId, procedures.data)}
      initialPatient={prefill?.patient ?? null}
    />
  );
}
