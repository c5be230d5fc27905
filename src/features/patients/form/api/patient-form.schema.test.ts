import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PATIENT_LIMITS } from '../patient-form';
import { newPatientSchema, patientEditSchema } from './patient-form.schema';

const filled = { name: 'Ana Santos', phone: '+63 917 555 0101', messengerId: '' };

/** The form's one message for these values, or null when they may be sent. */
function refusalOf(schema: z.ZodType<unknown, typeof filled>, values: typeof filled): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : result.error.issues[0]!.message;
}

/** What is written for values that pass. */
function written<Output>(schema: z.ZodType<Output, typeof filled>, values: typeof filled): Output {
  return schema.parse(values);
}

describe('the Add Patient form', () => {
  const addSchema = newPatientSchema(false);

  it('accepts a name and a phone', () => {
    expect(refusalOf(addSchema, filled)).toBeNull();
  });

  it.each([
    ['an empty name', { ...filled, name: '' }],
    ['an empty phone', { ...filled, phone: '' }],
    ['a whitespace-only name', { ...filled, name: '   ' }],
    ['a whitespace-only phone', { ...filled, phone: '\t \n' }],
  ])("refuses %s with 'All patient fields are required.'", (_label, values) => {
    expect(refusalOf(addSchema, values)).toBe('All patient fields are required.');
  });

  it('refuses a name or phone longer than the database allows, naming the field and the limit', () => {
    expect(refusalOf(addSchema, { ...filled, name: 'a'.repeat(PATIENT_LIMITS.name + 1) })).toBe(
      'Name must be at most 200 characters.',
    );
    expect(refusalOf(addSchema, { ...filled, phone: '9'.repeat(51) })).toBe('Phone must be at most 50 characters.');
    expect(refusalOf(addSchema, { ...filled, name: 'a'.repeat(200) })).toBeNull();
  });

  it('asks for the missing field before it counts lengths', () => {
    expect(refusalOf(addSchema, { ...filled, name: 'a'.repeat(201), phone: ' ' })).toBe(
      'All patient fields are required.',
    );
  });

  it('counts characters as the database does, and ignores the spaces that will be trimmed', () => {
    expect(refusalOf(addSchema, { ...filled, name: '😀'.repeat(200) })).toBeNull();
    expect(refusalOf(addSchema, { ...filled, name: `  ${'a'.repeat(200)}  ` })).toBeNull();
  });

  it('sends the name and phone trimmed, and nothing else', () => {
    expect(written(addSchema, { name: '  Ana  Santos ', phone: ' 0917 ', messengerId: 'psid' })).toEqual({
      name: 'Ana  Santos',
      phone: '0917',
    });
  });
});

describe('the Edit Patient form', () => {
  it("refuses a missing name or phone with 'All fields required.'", () => {
    expect(refusalOf(patientEditSchema, { ...filled, name: ' ' })).toBe('All fields required.');
    expect(refusalOf(patientEditSchema, { ...filled, phone: '' })).toBe('All fields required.');
  });

  it('leaves the messenger id optional but bounded', () => {
    expect(refusalOf(patientEditSchema, { ...filled, messengerId: '' })).toBeNull();
    expect(refusalOf(patientEditSchema, { ...filled, messengerId: 'x'.repeat(100) })).toBeNull();
    expect(refusalOf(patientEditSchema, { ...filled, messengerId: 'x'.repeat(101) })).toBe(
      'Messenger ID must be at most 100 characters.',
    );
  });

  it('sends an empty or whitespace-only messenger id as null, never as blank text', () => {
    expect(written(patientEditSchema, { ...filled, messengerId: '   ' }).messenger_id).toBeNull();
    expect(written(patientEditSchema, { ...filled, messengerId: ' 2468 ' })).toEqual({
      name: 'Ana Santos',
      phone: '+63 917 555 0101',
      messenger_id: '2468',
    });
  });
});

describe('Add Patient from a Messenger contact', () => {
  const fromContact = { name: ' Maria Dela Cruz ', phone: ' 0920 ', messengerId: ' 7100000000000001 ' };

  it('writes the contact’s Messenger ID with the name and phone, trimmed', () => {
    expect(written(newPatientSchema(true), fromContact)).toEqual({
      name: 'Maria Dela Cruz',
      phone: '0920',
      messenger_id: '7100000000000001',
    });
    expect(written(newPatientSchema(true), { ...fromContact, messengerId: '  ' }).messenger_id).toBeNull();
  });

  it('writes name and phone only from the plain Add form', () => {
    expect(written(newPatientSchema(false), fromContact)).toEqual({ name: 'Maria Dela Cruz', phone: '0920' });
  });

  it('bounds the Messenger ID only when the form carries one', () => {
    const long = { ...fromContact, messengerId: 'x'.repeat(101) };
    expect(refusalOf(newPatientSchema(true), long)).toBe('Messenger ID must be at most 100 characters.');
    expect(refusalOf(newPatientSchema(false), long)).toBeNull();
    expect(refusalOf(newPatientSchema(true), { ...fromContact, phone: '' })).toBe('All patient fields are required.');
  });
});
