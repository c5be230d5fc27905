import { describe, expect, it } from 'vitest';
import { normalizeSignup, validateNewPassword, validateSignup } from './validation';

const signup = { name: 'Dr. Reyes', email: 'reyes@example.test', password: 'secret1', clinicName: 'Ngiti Dental' };

describe('sign-up validation', () => {
  it('accepts all four fields', () => {
    expect(validateSignup(signup)).toBeNull();
  });

  it.each(['name', 'email', 'password', 'clinicName'] as const)(
    'requires %s, whitespace counting as empty',
    (field) => {
      expect(validateSignup({ ...signup, [field]: '' })).toBe(
        'Please fill in all four fields: Name, Email, Password and Clinic Name.',
      );
      expect(validateSignup({ ...signup, [field]: '   ' })).toBe(
        'Please fill in all four fields: Name, Email, Password and Clinic Name.',
      );
    },
  );

  it('bounds names and clinic names at 100 characters', () => {
    expect(validateSignup({ ...signup, name: 'n'.repeat(101) })).toBe('Name must be at most 100 characters.');
    expect(validateSignup({ ...signup, clinicName: 'c'.repeat(101) })).toBe(
      'Clinic Name must be at most 100 characters.',
    );
    expect(validateSignup({ ...signup, clinicName: ` ${'c'.repeat(100)} ` })).toBeNull();
  });

  it('trims names and e-mail but sends the password as typed', () => {
    expect(normalizeSignup({ name: ' Ana ', email: ' ana@b.test ', password: ' pw ', clinicName: ' Ngiti ' })).toEqual({
      name: 'Ana',
      email: 'ana@b.test',
      password: ' pw ',
      clinicName: 'Ngiti',
    });
  });
});

describe('new password validation', () => {
  it('needs a non-empty password (spec §5)', () => {
    expect(validateNewPassword('')).toBe('Please enter a new password.');
    expect(validateNewPassword('   ')).toBe('Please enter a new password.');
    expect(validateNewPassword('n3w-secret')).toBeNull();
  });

  it('bounds the length', () => {
    expect(validateNewPassword('p'.repeat(73))).toBe('Password must be at most 72 characters.');
  });
});
