import { describe, expect, it } from 'vitest';
import { accepted, refusalOf as refusalOfCheck } from '@/testing/form-check';
import { checkSignUp } from './sign-up.check';

const filled = { name: 'Dr. Reyes', email: 'reyes@example.test', password: 'secret1', clinic_name: 'Ngiti Dental' };
const ALL_FOUR = 'Please fill in all four fields: Name, Email, Password and Clinic Name.';

/** The form's one message for these values, or null when they may be sent. */
const refusalOf = (values: typeof filled) => refusalOfCheck(checkSignUp, values);

describe('the sign-up form', () => {
  it('accepts all four fields', () => {
    expect(refusalOf(filled)).toBeNull();
  });

  it.each(['name', 'email', 'password', 'clinic_name'] as const)(
    'requires %s, whitespace counting as empty',
    (field) => {
      expect(refusalOf({ ...filled, [field]: '' })).toBe(ALL_FOUR);
      expect(refusalOf({ ...filled, [field]: '   ' })).toBe(ALL_FOUR);
    },
  );

  it('bounds names and clinic names at 100 characters, after trimming', () => {
    expect(refusalOf({ ...filled, name: 'n'.repeat(101) })).toBe('Name must be at most 100 characters.');
    expect(refusalOf({ ...filled, clinic_name: 'c'.repeat(101) })).toBe('Clinic Name must be at most 100 characters.');
    expect(refusalOf({ ...filled, clinic_name: ` ${'c'.repeat(100)} ` })).toBeNull();
  });

  it('tells the first over-long field in the form order', () => {
    expect(refusalOf({ ...filled, email: `${'e'.repeat(250)}@b.test`, password: 'p'.repeat(73) })).toBe(
      'Email must be at most 254 characters.',
    );
    expect(refusalOf({ ...filled, password: 'p'.repeat(73), clinic_name: 'c'.repeat(101) })).toBe(
      'Password must be at most 72 characters.',
    );
  });

  it('trims names and e-mail but sends the password as typed', () => {
    expect(
      accepted(checkSignUp, { name: ' Ana ', email: ' ana@b.test ', password: ' pw ', clinic_name: ' Ngiti ' }),
    ).toEqual({ name: 'Ana', email: 'ana@b.test', password: ' pw ', clinicName: 'Ngiti' });
  });
});
