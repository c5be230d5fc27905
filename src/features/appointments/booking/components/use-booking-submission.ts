import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormMessageValue } from '@/components/form-message';
import { useToast } from '@/components/toast/toast-context';
import { useKeyedGuard } from '@/lib/keyed-guard';
import { getBookingAppointment } from '../api/get-appointment';
import { fetchFreshDentistDay } from '../api/get-dentist-day';
import { getPatientDay } from '../api/get-patient-day';
import { useSaveAppointment } from '../api/save-appointment';
import type { ChangedElsewhere } from '../concurrent-edit';
import { BOOKING_MESSAGES } from '../messages';
import { submitBooking, type BookingRequest, type BookingUpdate } from '../submit-booking';
import { askAboutDoubleBooking, showBookingAlert } from './booking-dialogs';

const SUBMIT = 'submit';

/** What the form hands over when Book/Save is pressed. */
type SubmittedForm = Pick<BookingRequest, 'form' | 'shownSlots' | 'procedure' | 'categories'>;

export interface BookingSubmissionOptions extends Pick<
  BookingRequest,
  'clinicId' | 'timeZone' | 'editingId' | 'edited' | 'bypassDoubleBooking'
> {
  /** The price list no longer has the chosen procedure: the form clears it. */
  onProcedureDropped(): void;
  /** After 'Appointment booked!' (`created`) or 'Appointment updated!'. */
  onSaved(appointmentId: number, created: boolean): void;
  /** Save found the appointment changed elsewhere meanwhile and wrote nothing: the form shows this. */
  onChangedElsewhere(changed: ChangedElsewhere): void;
  /** The user chose 'Edit Existing Appointment' in the 'Double Booking' warning. */
  onEditExisting(appointmentId: number): void;
}

/**
 * Book / Save for the booking form: submitBooking (../submit-booking.ts) wired to the app's
 * reads and write, its query cache, its dialogs and its toast, with what the form shows meanwhile.
 * One submission at a time, its checks and dialogs included, so a double click books once.
 */
export function useBookingSubmission(options: BookingSubmissionOptions) {
  const { clinicId, timeZone, editingId } = options;
  const queryClient = useQueryClient();
  const toast = useToast();
  const submission = useKeyedGuard<typeof SUBMIT>();
  const { mutateAsync: save } = useSaveAppointment(clinicId);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [failure, setFailure] = useState<FormMessageValue | null>(null);
  const [gone, setGone] = useState(false);
  // 'Booking...' only while the checks and the write run, never while a dialog waits for an answer.
  const [working, setWorking] = useState(false);

  function update(change: BookingUpdate) {
    switch (change.type) {
      case 'invalid':
        if (change.dropProcedure) options.onProcedureDropped();
        setShowAllErrors(true);
        setFailure(null);
        return;
      case 'working':
        setFailure(null);
        setWorking(true);
        return;
      case 'waiting':
        setWorking(false);
        return;
      case 'failed':
        setFailure({ tone: 'error', text: change.banner.text, detail: change.banner.detail });
        if (change.gone) setGone(true);
        return;
    }
  }

  async function run(request: SubmittedForm) {
    try {
      const outcome = await submitBooking(
        {
          clinicId,
          timeZone,
          editingId,
          edited: options.edited,
          bypassDoubleBooking: options.bypassDoubleBooking,
          ...request,
        },
        {
          now: () => new Date(),
          readDentistDay: (dentistId, date) => fetchFreshDentistDay(queryClient, clinicId, dentistId, date, timeZone),
          readEditedAppointment: (appointmentId) => getBookingAppointment(clinicId, appointmentId, { retry: false }),
          readPatientDay: (patientId, date) => getPatientDay(clinicId, patientId, date, timeZone),
          save,
          alert: showBookingAlert,
          confirmDoubleBooking: askAboutDoubleBooking,
          refresh: (queryKey) => queryClient.invalidateQueries({ queryKey }),
          update,
        },
      );
      if (outcome.type === 'saved') {
        toast(outcome.created ? BOOKING_MESSAGES.booked : BOOKING_MESSAGES.updated, { tone: 'success' });
        options.onSaved(outcome.appointmentId, outcome.created);
      } else if (outcome.type === 'changed-meanwhile') {
        options.onChangedElsewhere(outcome.changed);
      } else if (outcome.type === 'double-booking' && outcome.choice === 'edit-existing') {
        options.onEditExisting(outcome.existingId);
      }
    } finally {
      setWorking(false);
    }
  }

  return {
    /** Book was pressed with errors: every field shows its own. */
    showAllErrors,
    /** The last failure's banner, until the next submission. */
    failure,
    /** The edited appointment was deleted meanwhile: Book stays disabled. */
    gone,
    working,
    /** A submission is under way, dialogs included. */
    pending: submission.isPending(SUBMIT),
    submit: (request: SubmittedForm) => submission.run(SUBMIT, () => run(request)),
  };
}
