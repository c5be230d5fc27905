import { describe, expect, it } from 'vitest';
import { validateDentist } from './validation';

const valid = { name: 'Dr. Carla Mendoza', email: 'carla@example.test', phone: '+63 917 555 0199', isActive: true };

describe('the dentist form rules', () => {
  it('trims the texts it sends and keeps the status', () => {
    expect(validateDentist({ ...valid, name: '  Dr. Carla Mendoza ', isActive: false }, 'add')).toEqual({
      ok: true,
      input: { name: 'Dr. Carla Mendoza', email: 'carla@example.test', phone: '+63 917 555 0199', is_active: false },
    });
  });

  it.each(['name', 'email', 'phone'] as const)('requires %s, whitespace-only counting as empty', (field) => {
    for (const value of ['', '   ', '\t\n']) {
      expect(validateDentist({ ...valid, [field]: value }, 'add')).toEqual({
        ok: false,
        message: 'All dentist fields are required.',
      });
      expect(validateDentist({ ...valid, [field]: value }, 'edit')).toEqual({
        ok: false,
        message: 'All fields required.',
      });
    }
  });

  it("refuses texts over the database's limits with the field's name", () => {
    expect(validateDentist({ ...valid, name: 'N'.repeat(201) }, 'add')).toMatchObject({
      message: 'Name must be at most 200 characters.',
    });
    expect(validateDentist({ ...valid, name: 'N'.repeat(200) }, 'add').ok).toBe(true);
    expect(validateDentist({ ...valid, email: `${'e'.repeat(310)}@example.test` }, 'add')).toMatchObject({
      message: 'Email must be at most 320 characters.',
    });
    expect(validateDentist({ ...valid, phone: '9'.repeat(51) }, 'edit')).toMatchObject({
      message: 'Phone must be at most 50 characters.',
    });
  });

  it('refuses an e-mail the database would refuse (no @, or spaces inside)', () => {
    for (const email of ['carla', 'carla@', '@example.test', 'carla @example.test', 'a@b@c']) {
      expect(validateDentist({ ...valid, email }, 'add')).toMatchObject({
        ok: false,
        message: 'Please enter a valid email address, like name@example.com.',
      });
    }
  });
});
