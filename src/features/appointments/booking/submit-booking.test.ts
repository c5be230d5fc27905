import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixSystemClock } from '@common/clinic-calendar/testing/browser-zone';
import { patientChartKey } from '@/entities/patient/query-keys';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import { appointmentKeys } from '../model/query-keys';
import { daySlots } from '../model/slots';
import type { EditedAppointment } from './api/get-appointment';
import type { DentistDay, DayAppointment } from './api/get-dentist-day';
import type { PatientDayAppointment } from './api/get-patient-day';
import { BOOKING_EXTRA_TEXT, BOOKING_MESSAGES } from './messages';
import {
  submitBooking,
  type BookingDependencies,
  type BookingRequest,
  type BookingUpdate,
  type DoubleBookingChoice,
} from './submit-booking';
import { EMPTY_BOOKING_FORM, type BookingForm, type ProcedureCategoryChoice } from './validation';

// The system clock reads an unrelated day: the use case must go by the clock it is given.
fixSystemClock();

const MANILA = 'Asia/Manila';
// Wednesday 9 January 2030, 10:05 in Manila.
const NOW = new Date('2030-01-09T02:05:00Z');
const THURSDAY = '2030-01-10';
const COMPOSITE = { id: 102, name: 'Composite Filling', priceCentavos: 150_000 };
const CATEGORIES: readonly ProcedureCategoryChoice[] = [
  { id: 1, name: 'Restorative', procedures: [COMPOSITE] },
  { id: 2, name: 'Preventive Care', procedures: [{ id: 201, name: 'Dental Consultation', priceCentavos: 50_000 }] },
];

const FORM: BookingForm = {
  ...EMPTY_BOOKING_FORM,
  dentistId: 1,
  patientId: 11,
  date: THURSDAY,
  time: '10:20',
  categoryId: 1,
  procedureId: COMPOSITE.id,
  notes: 'left upper molar',
};

const EMPTY_DAY: DentistDay = { appointments: [], blocks: [] };

/** The grid as shown for a dentist's day: Thursday with nothing booked. */
const shownSlots = daySlots({ date: THURSDAY, timeZone: MANILA, now: NOW, appointments: [], blocks: [] });

function request(overrides: Partial<BookingRequest> = {}): BookingRequest {
  return {
    clinicId: 1,
    timeZone: MANILA,
    editingId: null,
    bypassDoubleBooking: false,
    form: FORM,
    shownSlots,
    procedure: COMPOSITE,
    categories: CATEGORIES,
    ...overrides,
  };
}

/** The database's refusal as the app's client throws it: SQLSTATE, message and the code in `hint`. */
const refusal = (code: string, hint: string, status = 409) =>
  toRequestError({ code, message: 'This slot may already be taken or dentist is unavailable.', hint }, status);

interface Fakes {
  readonly deps: BookingDependencies;
  readonly updates: BookingUpdate[];
  readonly alerts: unknown[][];
  readonly refreshed: (readonly unknown[])[];
  readonly save: ReturnType<typeof vi.fn>;
  readonly readDentistDay: ReturnType<typeof vi.fn>;
  readonly readPatientDay: ReturnType<typeof vi.fn>;
  readonly readEditedAppointment: ReturnType<typeof vi.fn>;
  readonly confirmDoubleBooking: ReturnType<typeof vi.fn>;
}

function fakes(
  options: {
    day?: DentistDay;
    patientDay?: PatientDayAppointment[];
    save?: () => Promise<unknown>;
    choice?: DoubleBookingChoice;
    /** When a refreshed read is in again (at once by default). */
    refreshed?: () => Promise<void>;
  } = {},
): Fakes {
  const updates: BookingUpdate[] = [];
  const alerts: unknown[][] = [];
  const refreshed: (readonly unknown[])[] = [];
  const save = vi.fn(options.save ?? (async () => 777));
  const readDentistDay = vi.fn(async () => options.day ?? EMPTY_DAY);
  const readPatientDay = vi.fn(async () => options.patientDay ?? []);
  const readEditedAppointment = vi.fn(async (): Promise<EditedAppointment> => OPENED);
  const confirmDoubleBooking = vi.fn(async () => options.choice ?? 'cancel');
  const deps: BookingDependencies = {
    now: () => NOW,
    readDentistDay,
    readEditedAppointment,
    readPatientDay,
    save: save as BookingDependencies['save'],
    alert: async (...args) => void alerts.push(args),
    confirmDoubleBooking,
    refresh: (key) => {
      refreshed.push(key);
      return options.refreshed?.() ?? Promise.resolve();
    },
    update: (update) => void updates.push(update),
  };
  return {
    deps,
    updates,
    alerts,
    refreshed,
    save,
    readDentistDay,
    readPatientDay,
    readEditedAppointment,
    confirmDoubleBooking,
  };
}

const booked = (time: string): DayAppointment => ({
  id: 900,
  appointment_time: time,
  patient_id: 12,
  reason: 'Dental Consultation',
  status: 'Scheduled',
});

/** The patient's (11) other appointment that Thursday, 2:00 PM with dentist 2, as the patient's day reads it. */
const sameDay = (overrides: Partial<PatientDayAppointment> = {}): PatientDayAppointment => ({
  id: 501,
  patient_id: 11,
  dentist_id: 2,
  appointment_time: '2030-01-10T06:00:00Z',
  reason: 'Dental Consultation',
  status: 'Scheduled',
  deleted: false,
  dentist_name: 'dr. paolo dimaculangan',
  ...overrides,
});

/**
 * Appointment 501 as the Edit form opened it, Confirmed: Dr. 1 with patient 11 on Thursday 10:20
 * Manila, the form's procedure and notes (FORM is that form, untouched).
 */
const OPENED: EditedAppointment = {
  id: 501,
  dentist_id: 1,
  patient_id: 11,
  appointment_time: '2030-01-10T02:20:00+00:00',
  reason: 'Composite Filling — Notes: left upper molar',
  status: 'Confirmed',
  patient_name: 'Maria Santos',
};

/** Editing appointment 501, opened as OPENED. */
const editing = (overrides: Partial<BookingRequest> = {}) => request({ editingId: 501, edited: OPENED, ...overrides });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('booking: validation', () => {
  it('refuses an incomplete form with the spec’s Validation Error and reads and writes nothing', async () => {
    const fake = fakes();
    const outcome = await submitBooking(request({ form: { ...FORM, patientId: null } }), fake.deps);

    expect(outcome).toEqual({ type: 'invalid' });
    expect(fake.updates).toEqual([{ type: 'invalid', dropProcedure: false }]);
    expect(fake.alerts).toEqual([[BOOKING_MESSAGES.bannerTitle, BOOKING_MESSAGES.banner]]);
    expect(fake.readDentistDay).not.toHaveBeenCalled();
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('refuses a date before the clinic’s today by the given clock', async () => {
    const fake = fakes();
    const outcome = await submitBooking(request({ form: { ...FORM, date: '2030-01-08' } }), fake.deps);

    expect(outcome.type).toBe('invalid');
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('clears a procedure the price list no longer has, and refuses the form', async () => {
    const fake = fakes();
    const outcome = await submitBooking(request({ procedure: undefined }), fake.deps);

    expect(outcome.type).toBe('invalid');
    expect(fake.updates).toEqual([{ type: 'invalid', dropProcedure: true }]);
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('counts a slot gone from the grid as none chosen', async () => {
    const fake = fakes();
    const taken = daySlots({
      date: THURSDAY,
      timeZone: MANILA,
      now: NOW,
      appointments: [booked('2030-01-10T02:20:00Z')],
      blocks: [],
    });
    const outcome = await submitBooking(request({ shownSlots: taken }), fake.deps);

    expect(outcome.type).toBe('invalid');
    expect(fake.save).not.toHaveBeenCalled();
  });
});

describe('booking: the slot and the patient’s day', () => {
  it('says Invalid Slot when a fresh read finds the slot taken meanwhile, and writes nothing', async () => {
    const fake = fakes({ day: { appointments: [booked('2030-01-10T02:20:00Z')], blocks: [] } });
    const outcome = await submitBooking(request(), fake.deps);

    expect(outcome).toEqual({ type: 'slot-unavailable' });
    expect(fake.readDentistDay).toHaveBeenCalledWith(1, THURSDAY);
    expect(fake.updates).toEqual([{ type: 'working' }, { type: 'waiting' }]);
    expect(fake.alerts).toEqual([[BOOKING_MESSAGES.invalidSlotTitle, BOOKING_MESSAGES.invalidSlot, 'warning']]);
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('asks about a double booking; declined, it writes nothing', async () => {
    const fake = fakes({
      patientDay: [sameDay()],
      choice: 'cancel',
    });
    const outcome = await submitBooking(request(), fake.deps);

    expect(outcome).toEqual({ type: 'double-booking', existingId: 501, choice: 'cancel' });
    expect(fake.readPatientDay).toHaveBeenCalledWith(11, THURSDAY);
    expect(fake.confirmDoubleBooking).toHaveBeenCalledWith({
      date: 'January 10, 2030',
      time: '2:00 PM',
      dentist: 'dr. paolo dimaculangan',
      reason: 'Dental Consultation',
      status: 'Scheduled',
    });
    expect(fake.updates).toEqual([{ type: 'working' }, { type: 'waiting' }]);
    expect(fake.save).not.toHaveBeenCalled();
    expect(fake.refreshed).toEqual([]);
  });

  it('answers Edit Existing Appointment with the existing appointment, still writing nothing', async () => {
    const fake = fakes({
      patientDay: [sameDay({ reason: null, status: 'Completed', dentist_name: null })],
      choice: 'edit-existing',
    });
    const outcome = await submitBooking(request(), fake.deps);

    expect(outcome).toEqual({ type: 'double-booking', existingId: 501, choice: 'edit-existing' });
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('skips the double-booking check when the user came from that warning', async () => {
    const fake = fakes();
    const outcome = await submitBooking(editing({ bypassDoubleBooking: true }), fake.deps);

    expect(outcome.type).toBe('saved');
    expect(fake.readPatientDay).not.toHaveBeenCalled();
  });
});

describe('booking: the database’s refusals, by their codes', () => {
  // Each failure is logged; the last test reads the log.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  /** A failure told in the form's banner alone, without a dialog. */
  function expectBannerOnly(fake: Fakes, outcome: unknown, kind: string, text: string) {
    expect(outcome).toEqual({ type: 'failed', kind });
    expect(fake.updates.at(-1)).toEqual({ type: 'failed', banner: { text }, gone: false });
    expect(fake.alerts).toEqual([]);
  }

  it.each(['slot_taken', 'dentist_unavailable', 'lunch_break', 'dentist_inactive', 'patient_deleted'])(
    'shows Booking failed! for %s and reads the dentist’s day again',
    async (code) => {
      const fake = fakes({
        save: () => Promise.reject(refusal('23P01', code)),
      });
      const outcome = await submitBooking(request(), fake.deps);

      expect(outcome).toEqual({ type: 'failed', kind: 'slot-refused' });
      expect(fake.updates).toEqual([
        { type: 'working' },
        { type: 'waiting' },
        {
          type: 'failed',
          banner: { text: BOOKING_MESSAGES.bookingFailedTitle, detail: BOOKING_MESSAGES.bookingFailed },
          gone: false,
        },
      ]);
      expect(fake.alerts).toEqual([[BOOKING_MESSAGES.bookingFailedTitle, BOOKING_MESSAGES.bookingFailed]]);
      expect(fake.refreshed).toEqual([appointmentKeys.dentistDay(1, 1, THURSDAY)]);
    },
  );

  it('reads the price list again when the procedure left it (unknown_procedure)', async () => {
    const fake = fakes({ save: () => Promise.reject(refusal('23514', 'unknown_procedure', 400)) });
    const outcome = await submitBooking(request(), fake.deps);

    expectBannerOnly(fake, outcome, 'unknown-procedure', BOOKING_EXTRA_TEXT.unknownProcedure);
    expect(fake.refreshed).toEqual([appointmentKeys.procedures(1)]);
  });

  it('says the edited appointment is gone when it was deleted meanwhile, before writing', async () => {
    const fake = fakes();
    fake.readEditedAppointment.mockRejectedValue(new RequestError('gone'));
    const outcome = await submitBooking(editing(), fake.deps);

    expect(outcome).toEqual({ type: 'failed', kind: 'gone' });
    expect(fake.updates.at(-1)).toEqual({ type: 'failed', banner: { text: BOOKING_EXTRA_TEXT.gone }, gone: true });
    expect(fake.save).not.toHaveBeenCalled();
    expect(fake.refreshed).toEqual([appointmentKeys.dentistDay(1, 1, THURSDAY), appointmentKeys.lists()]);
  });

  it('says the connection failed when a check gets no answer, without a dialog', async () => {
    const fake = fakes();
    fake.readPatientDay.mockRejectedValue(new TypeError('Failed to fetch'));
    const outcome = await submitBooking(request(), fake.deps);

    expectBannerOnly(fake, outcome, 'unreachable', BOOKING_MESSAGES.connectionFailed);
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('logs the failure with the database’s error, for the console and the tests', async () => {
    const logged = vi.mocked(console.error);
    const error = refusal('23P01', 'slot_taken');
    await submitBooking(request(), fakes({ save: () => Promise.reject(error) }).deps);

    expect(logged).toHaveBeenCalledWith('Ngiti: saving an appointment failed', error);
  });
});

describe('booking: the write', () => {
  it('books with the spec’s insert and refreshes the patient’s chart, every list and every dentist’s day', async () => {
    const fake = fakes();
    const outcome = await submitBooking(request(), fake.deps);

    expect(outcome).toEqual({ type: 'saved', appointmentId: 777, created: true });
    expect(fake.save).toHaveBeenCalledWith({
      appointmentId: null,
      write: {
        dentist_id: 1,
        patient_id: 11,
        appointment_time: '2030-01-10T10:20:00+08:00',
        reason: 'Composite Filling — Notes: left upper molar',
        clinic_id: 1,
      },
    });
    expect(fake.refreshed).toEqual([patientChartKey(1, 11), appointmentKeys.lists(), appointmentKeys.dentistDays()]);
    expect(fake.updates).toEqual([{ type: 'working' }]);
  });

  it('answers saved only once the list and the days are read again, so the list shows the booking', async () => {
    let readAgain!: () => void;
    const reading = new Promise<void>((resolve) => (readAgain = resolve));
    const fake = fakes({ refreshed: () => reading });
    let answered = false;
    const outcome = submitBooking(request(), fake.deps).finally(() => (answered = true));

    await vi.waitFor(() =>
      expect(fake.refreshed).toEqual([patientChartKey(1, 11), appointmentKeys.lists(), appointmentKeys.dentistDays()]),
    );
    expect(answered).toBe(false);
    readAgain();
    expect(await outcome).toEqual({ type: 'saved', appointmentId: 777, created: true });
  });

  it('saves an edit back to Scheduled and refreshes the edited appointment too', async () => {
    const fake = fakes({ save: async () => 501 });
    const outcome = await submitBooking(editing({ form: { ...FORM, time: '11:00' } }), fake.deps);

    expect(outcome).toEqual({ type: 'saved', appointmentId: 501, created: false });
    expect(fake.readEditedAppointment).toHaveBeenCalledWith(501);
    expect(fake.save).toHaveBeenCalledWith({
      appointmentId: 501,
      write: {
        dentist_id: 1,
        patient_id: 11,
        appointment_time: '2030-01-10T11:00:00+08:00',
        reason: 'Composite Filling — Notes: left upper molar',
        status: 'Scheduled',
      },
      // Written only while the appointment is stored as the form opened it.
      opened: {
        dentist_id: 1,
        patient_id: 11,
        appointment_time: '2030-01-10T02:20:00+00:00',
        reason: 'Composite Filling — Notes: left upper molar',
        status: 'Confirmed',
      },
    });
    expect(fake.refreshed).toEqual([
      patientChartKey(1, 11),
      appointmentKeys.lists(),
      appointmentKeys.dentistDays(),
      appointmentKeys.detail(1, 501),
    ]);
  });

  it('corrects a started appointment where it is: no slot or patient check, its status kept', async () => {
    const fake = fakes({ save: async () => 501 });
    // Its time, Wednesday 9:00 Manila, has passed by the clock.
    const outcome = await submitBooking(
      editing({
        edited: { ...OPENED, appointment_time: '2030-01-09T01:00:00Z', status: 'Completed' },
        form: { ...FORM, date: '2030-01-09', time: '09:00' },
        shownSlots: undefined,
      }),
      fake.deps,
    );

    expect(outcome.type).toBe('saved');
    expect(fake.readDentistDay).not.toHaveBeenCalled();
    expect(fake.readPatientDay).not.toHaveBeenCalled();
    expect(fake.save.mock.calls[0]![0].write).not.toHaveProperty('status');
  });

  it('does nothing more when the same save is in flight already (a double click)', async () => {
    const fake = fakes({ save: async () => ALREADY_PENDING });
    const outcome = await submitBooking(request(), fake.deps);

    expect(outcome).toEqual({ type: 'already-pending' });
    expect(fake.refreshed).toEqual([]);
  });
});

describe('booking: an edit meets a save made elsewhere meanwhile', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  /** Someone else moved it to Dr. 2 at 2:00 PM and cancelled it. */
  const movedAndCancelled: EditedAppointment = {
    ...OPENED,
    dentist_id: 2,
    appointment_time: '2030-01-10T06:00:00+00:00',
    status: 'Cancelled',
  };
  const typedNotes = { ...FORM, notes: 'left upper molar, sensitive' };

  it('writes nothing more, says so and shows the stored appointment where the user changed nothing', async () => {
    const fake = fakes({ save: async () => null });
    fake.readEditedAppointment.mockResolvedValueOnce(OPENED).mockResolvedValueOnce(movedAndCancelled);
    const outcome = await submitBooking(editing({ form: typedNotes }), fake.deps);

    expect(outcome).toEqual({
      type: 'changed-meanwhile',
      changed: {
        stored: {
          dentist_id: 2,
          patient_id: 11,
          appointment_time: '2030-01-10T06:00:00+00:00',
          reason: 'Composite Filling — Notes: left upper molar',
          status: 'Cancelled',
        },
        values: { ...typedNotes, dentistId: 2, time: '14:00' },
        patient: null,
        unmatchedProcedure: null,
      },
    });
    expect(fake.save).toHaveBeenCalledTimes(1);
    expect(fake.readEditedAppointment).toHaveBeenCalledTimes(2);
    expect(fake.updates).toEqual([
      { type: 'working' },
      { type: 'waiting' },
      { type: 'failed', banner: { text: BOOKING_EXTRA_TEXT.changedMeanwhile }, gone: false },
    ]);
    expect(fake.alerts).toEqual([]);
    expect(fake.refreshed).toEqual([appointmentKeys.lists(), appointmentKeys.dentistDays()]);
  });

  it('saves the next time against the appointment as it was read again', async () => {
    const fake = fakes({ save: async () => 501 });
    const stored = { ...movedAndCancelled, patient_name: 'Maria Santos' };
    const outcome = await submitBooking(
      editing({ edited: stored, form: { ...typedNotes, dentistId: 2, time: '14:00' } }),
      fake.deps,
    );

    expect(outcome.type).toBe('saved');
    expect(fake.save.mock.calls[0]![0]).toMatchObject({
      write: { dentist_id: 2, status: 'Scheduled', reason: 'Composite Filling — Notes: left upper molar, sensitive' },
      opened: { dentist_id: 2, appointment_time: '2030-01-10T06:00:00+00:00', status: 'Cancelled' },
    });
  });

  it("says 'deleted elsewhere' when the write matched nothing because the appointment is gone", async () => {
    const fake = fakes({ save: async () => null });
    fake.readEditedAppointment.mockResolvedValueOnce(OPENED).mockRejectedValueOnce(new RequestError('gone'));
    const outcome = await submitBooking(editing({ form: typedNotes }), fake.deps);

    expect(outcome).toEqual({ type: 'failed', kind: 'gone' });
    expect(fake.updates.at(-1)).toEqual({ type: 'failed', banner: { text: BOOKING_EXTRA_TEXT.gone }, gone: true });
    expect(fake.refreshed).toEqual([appointmentKeys.dentistDay(1, 1, THURSDAY), appointmentKeys.lists()]);
  });
});
