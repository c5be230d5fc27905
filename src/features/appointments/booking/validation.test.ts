import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONES, fixSystemClock, inBrowserTimeZone } from '@common/clinic-calendar/testing/browser-zone';
import {
  bookingFormFromAppointment,
  bookingInsert,
  bookingUpdate,
  canSubmitBooking,
  composeReason,
  EMPTY_BOOKING_FORM,
  findDoubleBooking,
  findProcedure,
  keepsStartedTime,
  matchProcedureByName,
  notesLength,
  notesRoom,
  splitReason,
  startedBookingOf,
  validateBooking,
  type BookingForm,
} from './validation';

fixSystemClock();

const MANILA = 'Asia/Manila';
// Friday 20 November 2026, 10:00 in Manila.
const NOW = new Date('2026-11-20T02:00:00Z');
const context = { now: NOW, timeZone: MANILA };

const COMPLETE: BookingForm = {
  dentistId: 10,
  patientId: 20,
  date: '2026-11-23', // Monday
  time: '10:20',
  categoryId: 1,
  procedureId: 100,
  notes: '',
};

const categories = [
  {
    id: 1,
    name: 'Preventive',
    procedures: [
      { id: 100, name: 'Cleaning', priceCentavos: 150_000 },
      { id: 101, name: 'Fluoride', priceCentavos: 80_000 },
    ],
  },
  { id: 2, name: 'Surgery', procedures: [{ id: 200, name: 'Tooth Extraction', priceCentavos: 250_000 }] },
];

describe('validating the booking form', () => {
  it('asks for every missing field with the spec’s words', () => {
    expect(validateBooking(EMPTY_BOOKING_FORM, context)).toEqual({
      dentist: 'Dentist is required.',
      patient: 'Patient is required.',
      time: 'Time slot is required.',
      category: 'Procedure category is required.',
      procedure: 'Procedure is required.',
    });
  });

  it('has no errors for a complete form on an open day ahead', () => {
    const errors = validateBooking(COMPLETE, context);
    expect(errors).toEqual({});
  });

  it('asks for a slot when a date is chosen without one', () => {
    expect(validateBooking({ ...COMPLETE, time: null }, context)).toEqual({ time: 'Time slot is required.' });
  });

  it('says the clinic is closed on a Sunday, past or not', () => {
    expect(validateBooking({ ...COMPLETE, date: '2026-11-22' }, context)).toEqual({
      date: 'Clinic is closed on this day.',
    });
    expect(validateBooking({ ...COMPLETE, date: '2026-11-15' }, context)).toEqual({
      date: 'Clinic is closed on this day.',
    });
  });

  it('refuses a date before the clinic’s today, and allows today', () => {
    expect(validateBooking({ ...COMPLETE, date: '2026-11-19' }, context)).toEqual({
      date: 'Date must not be in the past.',
    });
    expect(validateBooking({ ...COMPLETE, date: '2026-11-20', time: '15:00' }, context)).toEqual({});
  });

  it('judges today by the clinic’s calendar, not UTC’s', () => {
    // 20 November 17:00Z is already Saturday 21 November in Manila.
    const lateEvening = { now: new Date('2026-11-20T17:00:00Z'), timeZone: MANILA };
    expect(validateBooking({ ...COMPLETE, date: '2026-11-20' }, lateEvening)).toEqual({
      date: 'Date must not be in the past.',
    });
  });

  it('keeps the reason within the database’s 1000 characters', () => {
    // 'Cleaning' (8) + ' — Notes: ' (10) leaves 982 characters of notes.
    const withProcedure = { ...context, procedureName: 'Cleaning' };
    expect(validateBooking({ ...COMPLETE, notes: 'x'.repeat(982) }, withProcedure)).toEqual({});
    expect(validateBooking({ ...COMPLETE, notes: 'x'.repeat(983) }, withProcedure)).toEqual({
      notes: 'Additional Notes must be at most 982 characters.',
    });
  });

  it('counts notes and procedure in code points, as Postgres’s char_length counts the reason', () => {
    // 'Cleaning 🦷' is 10 code points (11 UTF-16 units); with ' — Notes: ' (10) it leaves 980.
    const withEmoji = { ...context, procedureName: ' Cleaning 🦷 ' };
    expect(notesRoom(' Cleaning 🦷 ')).toBe(980);
    const notes = '😀'.repeat(980);
    expect(notes.length).toBe(1960);
    expect(notesLength(` ${notes}\n`)).toBe(980);
    expect(validateBooking({ ...COMPLETE, notes }, withEmoji)).toEqual({});
    expect(validateBooking({ ...COMPLETE, notes: `${notes}😀` }, withEmoji)).toEqual({
      notes: 'Additional Notes must be at most 980 characters.',
    });
    // The reason written is exactly 1000 code points, the column's limit.
    const reason = composeReason(' Cleaning 🦷 ', notes);
    expect(Array.from(reason)).toHaveLength(1000);
  });

  it('allows notes beside no procedure yet up to 990 characters, and none beside an over-long name', () => {
    expect(notesRoom(null)).toBe(990);
    expect(notesRoom('')).toBe(990);
    expect(notesRoom('x'.repeat(995))).toBe(0);
    expect(validateBooking({ ...COMPLETE, notes: 'x'.repeat(991) }, context).notes).toBe(
      'Additional Notes must be at most 990 characters.',
    );
  });
});

describe('the Book button', () => {
  it('is enabled once dentist, patient, slot, category and procedure are set for a future slot', () => {
    expect(canSubmitBooking(COMPLETE, context)).toBe(true);
  });

  it('stays disabled while any of them is missing', () => {
    for (const missing of ['dentistId', 'patientId', 'date', 'time', 'categoryId', 'procedureId'] as const) {
      expect(canSubmitBooking({ ...COMPLETE, [missing]: null }, context), missing).toBe(false);
    }
  });

  it('stays disabled on a Sunday', () => {
    expect(canSubmitBooking({ ...COMPLETE, date: '2026-11-29' }, context)).toBe(false);
  });

  it('stays disabled for a slot that has started', () => {
    expect(canSubmitBooking({ ...COMPLETE, date: '2026-11-20', time: '10:00' }, context)).toBe(false);
    expect(canSubmitBooking({ ...COMPLETE, date: '2026-11-20', time: '09:40' }, context)).toBe(false);
    expect(canSubmitBooking({ ...COMPLETE, date: '2026-11-20', time: '10:20' }, context)).toBe(true);
    expect(canSubmitBooking({ ...COMPLETE, date: '2026-11-19' }, context)).toBe(false);
  });

  it('reads the slot in clinic time whatever the browser’s zone', () => {
    for (const zone of BROWSER_TIME_ZONES) {
      expect(
        inBrowserTimeZone(zone, () => [
          canSubmitBooking({ ...COMPLETE, date: '2026-11-20', time: '10:00' }, context),
          canSubmitBooking({ ...COMPLETE, date: '2026-11-20', time: '10:20' }, context),
        ]),
        zone,
      ).toEqual([false, true]);
    }
  });
});

describe('the reason', () => {
  it('is the procedure, followed by " — Notes: " and the notes when there are any', () => {
    expect(composeReason('Tooth Extraction', 'upper left molar')).toBe('Tooth Extraction — Notes: upper left molar');
    expect(composeReason('Cleaning', '  ')).toBe('Cleaning');
    expect(composeReason('Cleaning', null)).toBe('Cleaning');
    expect(composeReason(' Cleaning ', ' sensitive gums ')).toBe('Cleaning — Notes: sensitive gums');
  });

  it('splits back into procedure and notes', () => {
    expect(splitReason('Tooth Extraction — Notes: upper left molar')).toEqual({
      procedure: 'Tooth Extraction',
      notes: 'upper left molar',
    });
    expect(splitReason('Cleaning')).toEqual({ procedure: 'Cleaning', notes: '' });
    expect(splitReason(null)).toEqual({ procedure: '', notes: '' });
    expect(splitReason('Cleaning — Notes: a — Notes: b')).toEqual({ procedure: 'Cleaning', notes: 'a — Notes: b' });
  });
});

describe('procedures', () => {
  it('are found by id within the chosen category', () => {
    expect(findProcedure(categories, 1, 101)).toEqual({ id: 101, name: 'Fluoride', priceCentavos: 80_000 });
    expect(findProcedure(categories, 2, 101)).toBeUndefined();
    expect(findProcedure(categories, null, null)).toBeUndefined();
  });

  it('are found by the name the reason stores', () => {
    expect(matchProcedureByName(categories, 'Tooth Extraction')).toEqual({ categoryId: 2, procedureId: 200 });
    expect(matchProcedureByName(categories, 'Whitening')).toBeUndefined();
  });
});

describe('the Edit form', () => {
  /** Dentist 10's appointment with patient 20 as the database returns it. */
  const stored = (appointment_time: string, reason: string) => ({
    dentist_id: 10,
    patient_id: 20,
    appointment_time,
    reason,
  });

  it('is filled from the stored appointment in clinic time', () => {
    const appointment = stored('2026-11-23T05:40:00Z', 'Tooth Extraction — Notes: upper left molar');
    expect(bookingFormFromAppointment(appointment, categories, MANILA)).toEqual({
      dentistId: 10,
      patientId: 20,
      date: '2026-11-23',
      time: '13:40',
      categoryId: 2,
      procedureId: 200,
      notes: 'upper left molar',
    });
  });

  it('leaves category and procedure empty when the stored procedure no longer exists', () => {
    const appointment = stored('2026-11-23T01:00:00Z', 'Whitening');
    expect(bookingFormFromAppointment(appointment, categories, MANILA)).toMatchObject({
      categoryId: null,
      procedureId: null,
      notes: '',
    });
  });
});

describe('double booking', () => {
  const patientAppointments = [
    { id: 1, patient_id: 20, appointment_time: '2026-11-23T15:00:00+08:00', deleted: false, status: 'Scheduled' },
    { id: 2, patient_id: 20, appointment_time: '2026-11-23T09:00:00+08:00', deleted: false, status: 'Confirmed' },
    { id: 3, patient_id: 20, appointment_time: '2026-11-24T09:00:00+08:00', deleted: false, status: 'Scheduled' },
    { id: 4, patient_id: 21, appointment_time: '2026-11-23T11:00:00+08:00', deleted: false, status: 'Scheduled' },
  ];
  const booking = { patientId: 20, date: '2026-11-23', timeZone: MANILA };

  it('finds the patient’s earliest other appointment that clinic date', () => {
    expect(findDoubleBooking(patientAppointments, booking)?.id).toBe(2);
  });

  it('ignores the appointment being edited, deleted ones and other patients’', () => {
    expect(findDoubleBooking(patientAppointments, { ...booking, excludeAppointmentId: 2 })?.id).toBe(1);
    const onlyDeleted = [{ ...patientAppointments[0]!, deleted: true }];
    expect(findDoubleBooking(onlyDeleted, booking)).toBeUndefined();
    expect(findDoubleBooking(patientAppointments, { ...booking, patientId: 22 })).toBeUndefined();
  });

  it('counts a cancelled appointment, since the spec says any non-deleted one', () => {
    const cancelled = [{ ...patientAppointments[0]!, status: 'Cancelled' }];
    expect(findDoubleBooking(cancelled, booking)?.id).toBe(1);
  });

  it('compares clinic dates, not UTC ones', () => {
    // 22 November 16:30Z is 23 November 00:30 in Manila.
    const lateUtc = [{ id: 9, patient_id: 20, appointment_time: '2026-11-22T16:30:00Z', deleted: false }];
    expect(findDoubleBooking(lateUtc, booking)?.id).toBe(9);
    expect(findDoubleBooking(lateUtc, { ...booking, date: '2026-11-22' })).toBeUndefined();
  });
});

describe('what is written', () => {
  it('on Book is the booking with the time in clinic time and its offset, and no status', () => {
    expect(
      bookingInsert(
        { ...COMPLETE, notes: 'sensitive gums' },
        { clinicId: 3, procedureName: 'Cleaning', timeZone: MANILA },
      ),
    ).toEqual({
      dentist_id: 10,
      patient_id: 20,
      appointment_time: '2026-11-23T10:20:00+08:00',
      reason: 'Cleaning — Notes: sensitive gums',
      clinic_id: 3,
    });
  });

  it('on Save puts the status back to Scheduled', () => {
    expect(bookingUpdate(COMPLETE, { procedureName: 'Cleaning', timeZone: MANILA })).toEqual({
      dentist_id: 10,
      patient_id: 20,
      appointment_time: '2026-11-23T10:20:00+08:00',
      reason: 'Cleaning',
      status: 'Scheduled',
    });
  });

  it('on Save of a started appointment corrected at its own time keeps its status', () => {
    const started = { dentistId: 10, patientId: 20, date: '2026-11-16', time: '10:20' };
    const corrected = { ...COMPLETE, date: '2026-11-16', notes: 'bring X-rays' };
    expect(bookingUpdate(corrected, { procedureName: 'Cleaning', timeZone: MANILA, started })).toEqual({
      dentist_id: 10,
      patient_id: 20,
      appointment_time: '2026-11-16T10:20:00+08:00',
      reason: 'Cleaning — Notes: bring X-rays',
    });
    // Moved to a time ahead, it is booked again: back to Scheduled.
    expect(bookingUpdate(COMPLETE, { procedureName: 'Cleaning', timeZone: MANILA, started }).status).toBe('Scheduled');
  });

  it('keeps the clinic’s time when the browser is in New York', () => {
    const written = inBrowserTimeZone('America/New_York', () =>
      bookingInsert(COMPLETE, { clinicId: 3, procedureName: 'Cleaning', timeZone: MANILA }),
    );
    expect(written.appointment_time).toBe('2026-11-23T10:20:00+08:00');
  });

  it('refuses an incomplete form', () => {
    expect(() =>
      bookingInsert(EMPTY_BOOKING_FORM, { clinicId: 3, procedureName: 'Cleaning', timeZone: MANILA }),
    ).toThrow(RangeError);
  });
});

describe('an appointment whose time has come, edited', () => {
  // Monday 16 November 2026, 10:20 in Manila: before NOW (Friday 20 November, 10:00).
  const appointment = { dentist_id: 10, patient_id: 20, appointment_time: '2026-11-16T02:20:00Z' };
  const started = startedBookingOf(appointment, MANILA, NOW);
  const atItsTime: BookingForm = { ...COMPLETE, date: '2026-11-16', time: '10:20' };
  const withStarted = { ...context, started, procedureName: 'Cleaning' };

  it('is known by its clinic date and time once it has started, and not before', () => {
    expect(started).toEqual({ dentistId: 10, patientId: 20, date: '2026-11-16', time: '10:20' });
    expect(startedBookingOf(appointment, MANILA, new Date('2026-11-16T02:19:59Z'))).toBeNull();
    expect(startedBookingOf(appointment, MANILA, new Date('2026-11-16T02:20:00Z'))).not.toBeNull();
  });

  it('may be saved at its own past date and time, which are no error', () => {
    expect(keepsStartedTime(atItsTime, started)).toBe(true);
    expect(validateBooking(atItsTime, withStarted)).toEqual({});
    expect(canSubmitBooking(atItsTime, withStarted)).toBe(true);
  });

  it('may not move to another past time, the same day or another', () => {
    const earlier = { ...atItsTime, time: '09:40' };
    expect(keepsStartedTime(earlier, started)).toBe(false);
    expect(validateBooking(earlier, withStarted)).toEqual({ date: 'Date must not be in the past.' });
    expect(canSubmitBooking(earlier, withStarted)).toBe(false);
    const otherDay = { ...atItsTime, date: '2026-11-17' };
    expect(validateBooking(otherDay, withStarted)).toEqual({ date: 'Date must not be in the past.' });
    // Today, a slot that has begun: no date error, but Save stays disabled ('Invalid Slot' if pressed).
    const todayBegun = { ...atItsTime, date: '2026-11-20', time: '09:40' };
    expect(canSubmitBooking(todayBegun, withStarted)).toBe(false);
  });

  it('may not get another dentist or patient at its past time', () => {
    const otherDentist = { ...atItsTime, dentistId: 11 };
    expect(keepsStartedTime(otherDentist, started)).toBe(false);
    expect(validateBooking(otherDentist, withStarted).date).toBe('Date must not be in the past.');
    expect(validateBooking({ ...atItsTime, patientId: 21 }, withStarted)).toEqual({
      patient:
        'This appointment’s time has passed, so its patient cannot change. Choose a time ahead to book it for another patient.',
    });
  });

  it('may move to a free time ahead, with another dentist and patient, like any booking', () => {
    const ahead = { ...COMPLETE, dentistId: 11, patientId: 21 };
    expect(validateBooking(ahead, withStarted)).toEqual({});
    expect(canSubmitBooking(ahead, withStarted)).toBe(true);
  });
});
