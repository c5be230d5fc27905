import { describe, expect, it } from 'vitest';
import {
  changedElsewhere,
  mergeConcurrentEdit,
  storedFieldsOf,
  unmatchedProcedureOf,
  type StoredAppointmentFields,
} from './concurrent-edit';
import type { BookingForm, ProcedureCategoryChoice } from './validation';

const MANILA = 'Asia/Manila';
const CATEGORIES: readonly ProcedureCategoryChoice[] = [
  { id: 1, name: 'Restorative', procedures: [{ id: 102, name: 'Composite Filling', priceCentavos: 150_000 }] },
  { id: 2, name: 'Preventive Care', procedures: [{ id: 201, name: 'Dental Consultation', priceCentavos: 50_000 }] },
];

/** The Edit form as opened: Dr. 1 with patient 11 on Thursday 10 January 2030, 10:20 Manila. */
const OPENED_FORM: BookingForm = {
  dentistId: 1,
  patientId: 11,
  date: '2030-01-10',
  time: '10:20',
  categoryId: 1,
  procedureId: 102,
  notes: 'left upper molar',
};
/** The same appointment as stored when the form opened. */
const OPENED: StoredAppointmentFields = {
  dentist_id: 1,
  patient_id: 11,
  appointment_time: '2030-01-10T02:20:00+00:00',
  reason: 'Composite Filling — Notes: left upper molar',
  status: 'Confirmed',
};
/** Saved elsewhere meanwhile: Dr. 2, Friday 2:00 PM, another procedure and notes. */
const CURRENT_FORM: BookingForm = {
  dentistId: 2,
  patientId: 11,
  date: '2030-01-11',
  time: '14:00',
  categoryId: 2,
  procedureId: 201,
  notes: 'called to move',
};

describe('an Edit Appointment that meets a save made elsewhere meanwhile', () => {
  it('shows every stored value when the user changed nothing', () => {
    expect(mergeConcurrentEdit(OPENED_FORM, OPENED_FORM, CURRENT_FORM)).toEqual(CURRENT_FORM);
  });

  it('keeps each part the user changed and takes the stored one elsewhere', () => {
    const typed = { ...OPENED_FORM, patientId: 12, notes: 'right lower molar' };
    expect(mergeConcurrentEdit(typed, OPENED_FORM, CURRENT_FORM)).toEqual({
      ...CURRENT_FORM,
      patientId: 12,
      notes: 'right lower molar',
    });
  });

  it('keeps the date and slot together: a new slot on the old day stays on that day', () => {
    const typed = { ...OPENED_FORM, time: '11:00' };
    expect(mergeConcurrentEdit(typed, OPENED_FORM, CURRENT_FORM)).toMatchObject({
      dentistId: 2,
      date: '2030-01-10',
      time: '11:00',
    });
  });

  it('keeps the category and procedure together: a new category with no procedure yet stays so', () => {
    const typed = { ...OPENED_FORM, categoryId: 2, procedureId: null };
    expect(mergeConcurrentEdit(typed, OPENED_FORM, CURRENT_FORM)).toMatchObject({ categoryId: 2, procedureId: null });
  });

  it('counts notes that differ only by outer spaces as unchanged', () => {
    const typed = { ...OPENED_FORM, notes: '  left upper molar ' };
    expect(mergeConcurrentEdit(typed, OPENED_FORM, CURRENT_FORM).notes).toBe('called to move');
  });

  it('stands the form on the stored appointment, with its patient when that one took the place of the shown', () => {
    const current = {
      ...OPENED,
      patient_id: 12,
      appointment_time: '2030-01-11T06:00:00+00:00',
      reason: 'Gold Crown',
      status: 'Cancelled' as const,
      patient_name: 'Jose Rizal',
    };
    expect(changedElsewhere(OPENED_FORM, OPENED, current, CATEGORIES, MANILA)).toEqual({
      stored: {
        dentist_id: 1,
        patient_id: 12,
        appointment_time: '2030-01-11T06:00:00+00:00',
        reason: 'Gold Crown',
        status: 'Cancelled',
      },
      values: {
        ...OPENED_FORM,
        patientId: 12,
        date: '2030-01-11',
        time: '14:00',
        categoryId: null,
        procedureId: null,
        notes: '',
      },
      patient: { id: 12, name: 'Jose Rizal' },
      unmatchedProcedure: 'Gold Crown',
    });
  });

  it('keeps the patient shown when the user chose one, and reads no patient name as Unknown patient', () => {
    const current = { ...OPENED, patient_id: 13, patient_name: null };
    expect(changedElsewhere({ ...OPENED_FORM, patientId: 12 }, OPENED, current, CATEGORIES, MANILA).patient).toBeNull();
    expect(changedElsewhere(OPENED_FORM, OPENED, current, CATEGORIES, MANILA).patient).toEqual({
      id: 13,
      name: 'Unknown patient',
    });
  });

  it('reads the stored appointment as the columns Edit writes', () => {
    expect(storedFieldsOf({ ...OPENED, id: 501, patient_name: 'Maria Santos' } as StoredAppointmentFields)).toEqual(
      OPENED,
    );
  });

  it('names a stored procedure the price list no longer has, and nothing when it has it or there is none', () => {
    expect(unmatchedProcedureOf({ ...OPENED_FORM, procedureId: null }, 'Gold Crown — Notes: x')).toBe('Gold Crown');
    expect(unmatchedProcedureOf(OPENED_FORM, 'Composite Filling')).toBeNull();
    expect(unmatchedProcedureOf({ ...OPENED_FORM, procedureId: null }, null)).toBeNull();
  });
});
