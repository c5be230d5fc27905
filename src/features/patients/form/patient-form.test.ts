import { describe, expect, it } from 'vitest';
import {
  editedPatientFields,
  formValuesOf,
  mergeConcurrentEdit,
  newPatientFields,
  PATIENT_LIMITS,
  storedFieldsOf,
  validateNewPatient,
  validatePatientEdit,
} from './patient-form';

const filled = { name: 'Ana Santos', phone: '+63 917 555 0101', messengerId: '' };

describe('the Add Patient form', () => {
  it('accepts a name and a phone', () => {
    expect(validateNewPatient(filled)).toBeNull();
  });

  it.each([
    ['an empty name', { ...filled, name: '' }],
    ['an empty phone', { ...filled, phone: '' }],
    ['a whitespace-only name', { ...filled, name: '   ' }],
    ['a whitespace-only phone', { ...filled, phone: '\t \n' }],
  ])("refuses %s with 'All patient fields are required.'", (_label, values) => {
    expect(validateNewPatient(values)).toBe('All patient fields are required.');
  });

  it('refuses a name or phone longer than the database allows, naming the field and the limit', () => {
    expect(validateNewPatient({ ...filled, name: 'a'.repeat(PATIENT_LIMITS.name + 1) })).toBe(
      'Name must be at most 200 characters.',
    );
    expect(validateNewPatient({ ...filled, phone: '9'.repeat(51) })).toBe('Phone must be at most 50 characters.');
    expect(validateNewPatient({ ...filled, name: 'a'.repeat(200) })).toBeNull();
  });

  it('counts characters as the database does, and ignores the spaces that will be trimmed', () => {
    expect(validateNewPatient({ ...filled, name: '😀'.repeat(200) })).toBeNull();
    expect(validateNewPatient({ ...filled, name: `  ${'a'.repeat(200)}  ` })).toBeNull();
  });

  it('sends the name and phone trimmed, and nothing else', () => {
    expect(newPatientFields({ name: '  Ana  Santos ', phone: ' 0917 ', messengerId: 'psid' })).toEqual({
      name: 'Ana  Santos',
      phone: '0917',
    });
  });
});

describe('the Edit Patient form', () => {
  it("refuses a missing name or phone with 'All fields required.'", () => {
    expect(validatePatientEdit({ ...filled, name: ' ' })).toBe('All fields required.');
    expect(validatePatientEdit({ ...filled, phone: '' })).toBe('All fields required.');
  });

  it('leaves the messenger id optional but bounded', () => {
    expect(validatePatientEdit({ ...filled, messengerId: '' })).toBeNull();
    expect(validatePatientEdit({ ...filled, messengerId: 'x'.repeat(100) })).toBeNull();
    expect(validatePatientEdit({ ...filled, messengerId: 'x'.repeat(101) })).toBe(
      'Messenger ID must be at most 100 characters.',
    );
  });

  it('sends an empty or whitespace-only messenger id as null, never as blank text', () => {
    expect(editedPatientFields({ ...filled, messengerId: '   ' }).messenger_id).toBeNull();
    expect(editedPatientFields({ ...filled, messengerId: ' 2468 ' })).toEqual({
      name: 'Ana Santos',
      phone: '+63 917 555 0101',
      messenger_id: '2468',
    });
  });

  it('starts from the stored patient, with a missing messenger id as an empty input', () => {
    expect(formValuesOf({ name: 'Ben', phone: '0918', messenger_id: null })).toEqual({
      name: 'Ben',
      phone: '0918',
      messengerId: '',
    });
  });
});

describe('Add Patient from a Messenger contact', () => {
  const fromContact = { name: ' Maria Dela Cruz ', phone: ' 0920 ', messengerId: ' 7100000000000001 ' };

  it('writes the contact’s Messenger ID with the name and phone, trimmed', () => {
    expect(newPatientFields(fromContact, true)).toEqual({
      name: 'Maria Dela Cruz',
      phone: '0920',
      messenger_id: '7100000000000001',
    });
    expect(newPatientFields({ ...fromContact, messengerId: '  ' }, true).messenger_id).toBeNull();
  });

  it('writes name and phone only from the plain Add form', () => {
    expect(newPatientFields(fromContact)).toEqual({ name: 'Maria Dela Cruz', phone: '0920' });
  });

  it('bounds the Messenger ID only when the form carries one', () => {
    const long = { ...fromContact, messengerId: 'x'.repeat(101) };
    expect(validateNewPatient(long, true)).toBe('Messenger ID must be at most 100 characters.');
    expect(validateNewPatient(long)).toBeNull();
    expect(validateNewPatient({ ...fromContact, phone: '' }, true)).toBe('All patient fields are required.');
  });
});

describe('an edit that meets a save made elsewhere meanwhile', () => {
  const opened = { name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: null };
  const current = { name: 'Carla Reyes-Santos', phone: '0919 777 0303', messenger_id: '7100000000000009' };

  it('takes the other save’s values where this form left the field as it was opened', () => {
    const typed = { name: 'Carla Reyes', phone: '0919 000 0000', messengerId: '' };
    expect(mergeConcurrentEdit(typed, opened, current)).toEqual({
      name: 'Carla Reyes-Santos',
      phone: '0919 000 0000',
      messengerId: '7100000000000009',
    });
  });

  it('keeps what was typed where both changed the field, and counts only a trimmed difference as a change', () => {
    const typed = { name: ' Carla R. ', phone: ' 0919 777 0303 ', messengerId: ' ' };
    expect(mergeConcurrentEdit(typed, opened, current)).toEqual({
      name: ' Carla R. ',
      phone: '0919 777 0303',
      messengerId: '7100000000000009',
    });
  });

  it('reads the stored patient as the fields that are written', () => {
    expect(storedFieldsOf({ name: 'Ana', phone: '0917', messenger_id: null })).toEqual({
      name: 'Ana',
      phone: '0917',
      messenger_id: null,
    });
  });
});
