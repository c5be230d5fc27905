import { describe, expect, it } from 'vitest';
import type { Slot } from '../../model/slots';
import { EMPTY_BOOKING_FORM, type BookingForm } from '../validation';
import { checkBooking, type BookingCheck } from './booking-form.schema';

// Wednesday 9 January 2030, 10:05 in Manila.
const NOW = new Date('2030-01-09T02:05:00Z');

const FORM: BookingForm = { ...EMPTY_BOOKING_FORM, dentistId: 1, patientId: 11, categoryId: 1, procedureId: 102 };
const THURSDAY_AT_10_20 = { date: '2030-01-10', time: '10:20' };

const slot = (time: string, state: Slot['state']): Slot => ({
  time,
  label: time,
  startsAt: `2030-01-10T${time}:00+08:00`,
  state,
});

const check = (slots: readonly Slot[] | undefined): BookingCheck => ({
  now: NOW,
  timeZone: 'Asia/Manila',
  procedureName: 'Composite Filling',
  slots,
});

describe('checking the booking form', () => {
  it('passes a complete form whose slot the grid shows free, as it is', () => {
    expect(checkBooking({ ...FORM, ...THURSDAY_AT_10_20 }, check([slot('10:20', 'available')]))).toEqual({
      ok: true,
      form: { ...FORM, ...THURSDAY_AT_10_20 },
    });
  });

  it('refuses each missing field with the spec’s words, keyed by the field it shows under', () => {
    expect(checkBooking(EMPTY_BOOKING_FORM, check(undefined))).toEqual({
      ok: false,
      errors: {
        dentist: 'Dentist is required.',
        patient: 'Patient is required.',
        time: 'Time slot is required.',
        category: 'Procedure category is required.',
        procedure: 'Procedure is required.',
      },
    });
  });

  it('counts a slot the grid no longer shows free as none', () => {
    expect(checkBooking({ ...FORM, ...THURSDAY_AT_10_20 }, check([slot('10:20', 'booked')]))).toEqual({
      ok: false,
      errors: { time: 'Time slot is required.' },
    });
    expect(checkBooking({ ...FORM, ...THURSDAY_AT_10_20 }, check(undefined))).toEqual({
      ok: false,
      errors: { time: 'Time slot is required.' },
    });
  });

  it('refuses notes that would take the reason past the database’s limit', () => {
    const result = checkBooking(
      { ...FORM, ...THURSDAY_AT_10_20, notes: 'x'.repeat(990) },
      check([slot('10:20', 'available')]),
    );
    expect(result).toEqual({ ok: false, errors: { notes: 'Additional Notes must be at most 973 characters.' } });
  });
});
