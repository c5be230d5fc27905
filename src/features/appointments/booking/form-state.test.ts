import { describe, expect, it } from 'vitest';
import type { Slot } from '../model/slots';
import { bookingFormReducer, effectiveBookingForm } from './form-state';
import { EMPTY_BOOKING_FORM, type BookingForm } from './validation';

const FILLED: BookingForm = {
  dentistId: 1,
  patientId: 2,
  date: '2030-01-10',
  time: '10:20',
  categoryId: 3,
  procedureId: 4,
  notes: 'x',
};

const slot = (time: string, state: Slot['state']): Slot => ({
  time,
  label: time,
  startsAt: `2030-01-10T${time}:00+08:00`,
  state,
});

describe('the booking form’s state', () => {
  it('clears the slot when another dentist or date is picked, and only then', () => {
    expect(bookingFormReducer(FILLED, { type: 'dentist', dentistId: 9 })).toEqual({
      ...FILLED,
      dentistId: 9,
      time: null,
    });
    expect(bookingFormReducer(FILLED, { type: 'date', date: '2030-01-11' })).toEqual({
      ...FILLED,
      date: '2030-01-11',
      time: null,
    });
    expect(bookingFormReducer(FILLED, { type: 'dentist', dentistId: 1 })).toBe(FILLED);
    expect(bookingFormReducer(FILLED, { type: 'date', date: '2030-01-10' })).toBe(FILLED);
    expect(bookingFormReducer(FILLED, { type: 'patient', patientId: 7 })).toEqual({ ...FILLED, patientId: 7 });
  });

  it('clears the procedure when another category is picked', () => {
    expect(bookingFormReducer(FILLED, { type: 'category', categoryId: 5 })).toEqual({
      ...FILLED,
      categoryId: 5,
      procedureId: null,
    });
    expect(bookingFormReducer(FILLED, { type: 'category', categoryId: 3 })).toBe(FILLED);
  });

  it('sets slot, procedure and notes, loads a whole form and resets it', () => {
    expect(bookingFormReducer(FILLED, { type: 'time', time: '11:00' }).time).toBe('11:00');
    expect(bookingFormReducer(FILLED, { type: 'procedure', procedureId: 8 }).procedureId).toBe(8);
    expect(bookingFormReducer(FILLED, { type: 'notes', notes: 'y' }).notes).toBe('y');
    expect(bookingFormReducer(EMPTY_BOOKING_FORM, { type: 'load', form: FILLED })).toBe(FILLED);
    expect(bookingFormReducer(FILLED, { type: 'reset' })).toEqual(EMPTY_BOOKING_FORM);
  });

  it('never changes the form it is given', () => {
    const before = { ...FILLED };
    bookingFormReducer(FILLED, { type: 'dentist', dentistId: 9 });
    bookingFormReducer(FILLED, { type: 'category', categoryId: 5 });
    expect(FILLED).toEqual(before);
  });
});

describe('the form as checked and sent', () => {
  it('keeps the chosen slot while the loaded day has it free', () => {
    expect(effectiveBookingForm(FILLED, [slot('10:00', 'past'), slot('10:20', 'available')])).toBe(FILLED);
  });

  it('drops a slot that was booked, blocked or passed meanwhile, or that the day does not have', () => {
    for (const state of ['booked', 'blocked', 'past', 'lunch'] as const) {
      expect(effectiveBookingForm(FILLED, [slot('10:20', state)]).time).toBeNull();
    }
    expect(effectiveBookingForm(FILLED, []).time).toBeNull();
  });

  it('keeps a started appointment’s own time although the grid has it past, or has no such slot', () => {
    const started = { dentistId: 1, patientId: 2, date: '2030-01-10', time: '10:20' };
    expect(effectiveBookingForm(FILLED, [slot('10:20', 'past')], started)).toBe(FILLED);
    expect(effectiveBookingForm(FILLED, undefined, started)).toBe(FILLED);
    const offGrid = { ...FILLED, time: '10:30' };
    expect(effectiveBookingForm(offGrid, [slot('10:20', 'past')], { ...started, time: '10:30' })).toBe(offGrid);
    // Another past time, or its time with another dentist, drops out as before.
    expect(effectiveBookingForm({ ...FILLED, time: '10:00' }, [slot('10:00', 'past')], started).time).toBeNull();
    expect(effectiveBookingForm({ ...FILLED, dentistId: 9 }, [slot('10:20', 'past')], started).time).toBeNull();
  });

  it('drops the slot while the day is not loaded yet', () => {
    expect(effectiveBookingForm(FILLED, undefined)).toEqual({ ...FILLED, time: null });
    expect(effectiveBookingForm({ ...FILLED, time: null }, undefined).time).toBeNull();
  });
});
