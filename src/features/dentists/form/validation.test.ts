import { describe, expect, it } from 'vitest';
import { mergeConcurrentDentistEdit, storedDentistInput, validateDentist } from './validation';

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

describe('an edit that meets a save made elsewhere meanwhile', () => {
  const opened = { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: '0917', is_active: true };
  const current = { name: 'Dr. Beth Cruz-Reyes', email: 'beth@example.test', phone: '0917', is_active: false };

  it('takes the other save’s values where this form left the field as it was opened', () => {
    const typed = { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: '0999', isActive: true };
    expect(mergeConcurrentDentistEdit(typed, opened, current)).toEqual({
      name: 'Dr. Beth Cruz-Reyes',
      email: 'beth@example.test',
      phone: '0999',
      isActive: false,
    });
  });

  it('keeps what was typed where both changed the field, and counts only a trimmed difference as a change', () => {
    const typed = { name: ' Dr. B. Cruz ', email: ' beth@example.test ', phone: '0917', isActive: false };
    expect(mergeConcurrentDentistEdit(typed, opened, { ...current, email: 'b@example.test' })).toEqual({
      name: ' Dr. B. Cruz ',
      email: 'b@example.test',
      phone: '0917',
      isActive: false,
    });
  });

  it('reads the stored dentist as the fields that are written', () => {
    const stored = { id: 4, clinic_id: 1, ...opened };
    expect(storedDentistInput(stored)).toEqual(opened);
  });
});
