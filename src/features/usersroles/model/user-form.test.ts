import { describe, expect, it } from 'vitest';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE } from './roles';
import { checkAddUser, checkEditUser, mergeConcurrentUserEdit } from './user-form';

const filled = { name: ' Rosa Lim ', email: ' rosa@example.test ', password: 'secret1', role: 'dentist' };

describe('Add User form rules', () => {
  it('offers admin, receptionist and dentist, receptionist by default', () => {
    expect(ASSIGNABLE_ROLES).toEqual(['admin', 'receptionist', 'dentist']);
    expect(DEFAULT_ROLE).toBe('receptionist');
  });

  it('when every field is filled, then the trimmed name and e-mail are sent with the password as typed', () => {
    expect(checkAddUser({ ...filled, password: ' pass word ' })).toEqual({
      ok: true,
      input: { name: 'Rosa Lim', email: 'rosa@example.test', password: ' pass word ', role: 'dentist' },
    });
  });

  it("when a field is empty or blank, then 'Please fill all fields.'", () => {
    for (const field of ['name', 'email', 'password', 'role'] as const) {
      expect(checkAddUser({ ...filled, [field]: '' })).toEqual({ ok: false, message: 'Please fill all fields.' });
    }
    expect(checkAddUser({ ...filled, name: '   ' })).toEqual({ ok: false, message: 'Please fill all fields.' });
  });

  it('when the role is not one that may be given (superadmin, unknown), then it is refused', () => {
    expect(checkAddUser({ ...filled, role: 'superadmin' }).ok).toBe(false);
    expect(checkAddUser({ ...filled, role: 'owner' }).ok).toBe(false);
  });
});

describe('Edit User form rules', () => {
  it('when name and role are given, then the trimmed name and the role are sent', () => {
    expect(checkEditUser({ name: ' Ben ', role: 'admin' }, 'dentist')).toEqual({
      ok: true,
      input: { name: 'Ben', role: 'admin' },
    });
  });

  it("when the name is blank or the role missing, then 'Please fill all fields.'", () => {
    expect(checkEditUser({ name: ' ', role: 'admin' }, 'admin')).toEqual({
      ok: false,
      message: 'Please fill all fields.',
    });
    expect(checkEditUser({ name: 'Ben', role: '' }, 'admin').ok).toBe(false);
  });

  it('keeps a superadmin as superadmin but never makes one', () => {
    expect(checkEditUser({ name: 'Root', role: 'superadmin' }, 'superadmin')).toEqual({
      ok: true,
      input: { name: 'Root', role: 'superadmin' },
    });
    expect(checkEditUser({ name: 'Ben', role: 'superadmin' }, 'admin').ok).toBe(false);
  });
});

describe('Edit User after another admin saved the profile meanwhile', () => {
  const opened = { name: 'Rosa Lim', role: 'receptionist' as const };

  it('shows their role where this admin left the role, and keeps the name typed here', () => {
    expect(
      mergeConcurrentUserEdit({ name: 'Rosa Lim-Cruz', role: 'receptionist' }, opened, {
        name: 'Rosa Lim',
        role: 'admin',
      }),
    ).toEqual({ name: 'Rosa Lim-Cruz', role: 'admin' });
  });

  it('shows their name where this admin left the name (spaces around it are no change), and keeps the role picked here', () => {
    expect(
      mergeConcurrentUserEdit({ name: ' Rosa Lim ', role: 'dentist' }, opened, { name: 'Rosa Reyes', role: 'admin' }),
    ).toEqual({ name: 'Rosa Reyes', role: 'dentist' });
  });
});
