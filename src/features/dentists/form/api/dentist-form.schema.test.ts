import { describe, expect, it } from 'vitest';
import { dentistFormSchema } from './dentist-form.schema';

const valid = { name: 'Dr. Carla Mendoza', email: 'carla@example.test', phone: '+63 917 555 0199', isActive: true };

/** The form's one message for these values, or null when they may be sent. */
function refusalOf(mode: 'add' | 'edit', values: typeof valid): string | null {
  const result = dentistFormSchema(mode).safeParse(values);
  return result.success ? null : result.error.issues[0]!.message;
}

describe('the dentist form rules', () => {
  it('trims the texts it sends and keeps the status', () => {
    expect(dentistFormSchema('add').parse({ ...valid, name: '  Dr. Carla Mendoza ', isActive: false })).toEqual({
      name: 'Dr. Carla Mendoza',
      email: 'carla@example.test',
      phone: '+63 917 555 0199',
      is_active: false,
    });
  });

  it.each(['name', 'email', 'phone'] as const)('requires %s, whitespace-only counting as empty', (field) => {
    for (const value of ['', '   ', '\t\n']) {
      expect(refusalOf('add', { ...valid, [field]: value })).toBe('All dentist fields are required.');
      expect(refusalOf('edit', { ...valid, [field]: value })).toBe('All fields required.');
    }
  });

  it("refuses texts over the database's limits with the field's name", () => {
    expect(refusalOf('add', { ...valid, name: 'N'.repeat(201) })).toBe('Name must be at most 200 characters.');
    expect(refusalOf('add', { ...valid, name: 'N'.repeat(200) })).toBeNull();
    expect(refusalOf('add', { ...valid, email: `${'e'.repeat(310)}@example.test` })).toBe(
      'Email must be at most 320 characters.',
    );
    expect(refusalOf('edit', { ...valid, phone: '9'.repeat(51) })).toBe('Phone must be at most 50 characters.');
  });

  it('refuses an e-mail the database would refuse (no @, or spaces inside)', () => {
    for (const email of ['carla', 'carla@', '@example.test', 'carla @example.test', 'a@b@c']) {
      expect(refusalOf('add', { ...valid, email })).toBe('Please enter a valid email address, like name@example.com.');
    }
  });

  it('checks in order: required fields, then name and e-mail lengths, the e-mail’s shape, the phone’s length', () => {
    expect(refusalOf('add', { ...valid, name: 'N'.repeat(201), phone: ' ' })).toBe('All dentist fields are required.');
    expect(refusalOf('add', { ...valid, name: 'N'.repeat(201), email: 'carla' })).toBe(
      'Name must be at most 200 characters.',
    );
    expect(refusalOf('add', { ...valid, email: 'carla', phone: '9'.repeat(51) })).toBe(
      'Please enter a valid email address, like name@example.com.',
    );
  });
});
