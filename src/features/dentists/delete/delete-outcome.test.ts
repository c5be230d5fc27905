import { describe, expect, it } from 'vitest';
import { dentistDeleteOutcome } from './delete-outcome';

describe('dentist delete outcome', () => {
  it('reports a hard delete as "Dentist deleted!"', () => {
    expect(dentistDeleteOutcome({ data: { outcome: 'hard_deleted' }, error: null })).toEqual({
      kind: 'hard_deleted',
      message: 'Dentist deleted!',
    });
  });

  it('reports a soft delete as "Dentist soft deleted!"', () => {
    expect(dentistDeleteOutcome({ data: { outcome: 'soft_deleted' }, error: null })).toEqual({
      kind: 'soft_deleted',
      message: 'Dentist soft deleted!',
    });
  });

  it('lists the blocking appointments with patient name, id, status, time and reason, in the order given', () => {
    const data = {
      outcome: 'blocked',
      appointments: [
        {
          id: 41,
          patient_name: 'Ana Santos',
          status: 'Scheduled',
          appointment_time: '2030-01-07T02:00:00+00:00',
          reason: null,
        },
        {
          id: 17,
          patient_name: 'Ben Cruz',
          status: 'Confirmed',
          appointment_time: '2030-01-07T03:00:00+00:00',
          reason: 'Tooth Extraction',
        },
      ],
    };
    expect(dentistDeleteOutcome({ data, error: null })).toEqual({
      kind: 'blocked',
      appointments: [
        {
          id: 41,
          patientName: 'Ana Santos',
          status: 'Scheduled',
          appointmentTime: '2030-01-07T02:00:00+00:00',
          reason: null,
        },
        {
          id: 17,
          patientName: 'Ben Cruz',
          status: 'Confirmed',
          appointmentTime: '2030-01-07T03:00:00+00:00',
          reason: 'Tooth Extraction',
        },
      ],
    });
  });

  it.each([
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
  ])('shows "Unknown" when the patient name is %s', (_, patientName) => {
    const row = { id: 5, status: 'Scheduled', appointment_time: '2030-01-07T02:00:00+00:00', reason: 'Cleaning' };
    const outcome = dentistDeleteOutcome({
      data: { outcome: 'blocked', appointments: [{ ...row, patient_name: patientName }] },
      error: null,
    });
    expect(outcome).toMatchObject({ kind: 'blocked', appointments: [{ id: 5, patientName: 'Unknown' }] });
  });

  it('accepts an id sent as a numeric string (bigint as text)', () => {
    const outcome = dentistDeleteOutcome({
      data: {
        outcome: 'blocked',
        appointments: [
          { id: '9007', patient_name: 'Ana', status: 'Scheduled', appointment_time: '2030-01-07T02:00:00Z' },
        ],
      },
      error: null,
    });
    expect(outcome).toMatchObject({ appointments: [{ id: 9007, reason: null }] });
  });

  it('shows the check error for any failed call, keeping the cause', () => {
    const checkFailed = 'Error checking appointments for this dentist.';
    expect(dentistDeleteOutcome({ data: null, error: { code: 'P0002', message: 'Dentist 3 not found' } })).toEqual({
      kind: 'failed',
      error: checkFailed,
      cause: 'not_found',
    });
    expect(dentistDeleteOutcome({ data: null, error: { code: '42501', message: 'denied' } })).toEqual({
      kind: 'failed',
      error: checkFailed,
      cause: 'not_allowed',
    });
    expect(dentistDeleteOutcome({ data: null, error: new TypeError('Failed to fetch') })).toEqual({
      kind: 'failed',
      error: checkFailed,
      cause: 'unknown',
    });
  });

  it.each([
    ['dentist_delete_failed', 'Error deleting dentist.'],
    ['dentist_soft_delete_failed', 'Error soft deleting dentist.'],
  ])('says which delete the database refused (%s)', (hint, text) => {
    expect(
      dentistDeleteOutcome({ data: null, error: { code: '42501', message: 'Dentist 3 could not be deleted.', hint } }),
    ).toEqual({ kind: 'failed', error: text, cause: 'not_allowed' });
  });

  it.each([
    ['no data', null],
    ['an unknown outcome', { outcome: 'archived' }],
    ['a list that is not a list', { outcome: 'blocked', appointments: 'many' }],
    ['a row without an id', { outcome: 'blocked', appointments: [{ status: 'Scheduled', appointment_time: 'x' }] }],
    ['a row without a time', { outcome: 'blocked', appointments: [{ id: 1, status: 'Scheduled' }] }],
    ['an array', [{ outcome: 'hard_deleted' }]],
  ])('treats %s as a failed check rather than guessing', (_, data) => {
    expect(dentistDeleteOutcome({ data, error: null })).toEqual({
      kind: 'failed',
      error: 'Error checking appointments for this dentist.',
      cause: 'unknown',
    });
  });

  it('does not change the answer it reads', () => {
    const data = Object.freeze({
      outcome: 'blocked',
      appointments: Object.freeze([
        Object.freeze({ id: 1, patient_name: null, status: 'Scheduled', appointment_time: '2030-01-07T02:00:00Z' }),
      ]),
    });
    expect(() => dentistDeleteOutcome({ data, error: null })).not.toThrow();
    expect(data.appointments[0]).toMatchObject({ patient_name: null });
  });
});
