import { describe, expect, it } from 'vitest';
import { parseChangeNotice, payloadForRemovedRow, type ChangeNotice } from './change-feed';

const notice = {
  op: 'UPDATE',
  id: 41,
  clinic_id: 3,
  dentist_id: 5,
  patient_id: 8,
  status: 'Confirmed',
  appointment_time: '2031-03-11T10:00:00+08:00',
  deleted: false,
} satisfies ChangeNotice;

describe('parseChangeNotice', () => {
  it("when the payload is the trigger's JSON, then it is read", () => {
    expect(parseChangeNotice(JSON.stringify(notice))).toEqual(notice);
  });

  it.each([
    ['not JSON', 'hello'],
    ['JSON but not an object', '42'],
    ['an unknown operation', JSON.stringify({ ...notice, op: 'TRUNCATE' })],
    ['no id', JSON.stringify({ ...notice, id: undefined })],
    ['a text clinic id', JSON.stringify({ ...notice, clinic_id: '3' })],
  ])('when the payload is %s, then it is ignored', (_, payload) => {
    expect(parseChangeNotice(payload)).toBeNull();
  });
});

describe('payloadForRemovedRow', () => {
  it('when a row is gone, then the event carries what the notice knew, marked deleted, without names', () => {
    expect(payloadForRemovedRow({ ...notice, op: 'DELETE' })).toEqual({
      id: 41,
      clinic_id: 3,
      dentist_id: 5,
      patient_id: 8,
      status: 'Confirmed',
      appointment_time: '2031-03-11T10:00:00+08:00',
      deleted: true,
      patient_name: null,
      dentist_name: null,
    });
  });
});
