import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import type { StaffUser } from '../model/user';
import type { EditUserInput } from '../model/user-form';
import { saveUserEdit, type UserEditDependencies } from './save-user';

const STORED: StaffUser = {
  id: 7,
  user_id: '00000000-0000-4000-8000-000000000007',
  email: 'rosa@example.test',
  name: 'Rosa Lim',
  role: 'receptionist',
  clinic_id: 1,
  created_at: '2026-03-01T17:30:00Z',
};
const OPENED: EditUserInput = { name: 'Rosa Lim', role: 'receptionist' };
/** The admin changed the name only. */
const EDIT = {
  typed: { name: ' Rosa Lim-Cruz ', role: 'receptionist' },
  fields: { name: 'Rosa Lim-Cruz', role: 'receptionist' as const },
  opened: OPENED,
};
const ADMIN = { viewerIsSuperadmin: false };

function fakes(options: { write?: UserEditDependencies['write']; current?: StaffUser | null } = {}) {
  const write = vi.fn(options.write ?? (async (fields: EditUserInput) => ({ ...STORED, ...fields })));
  const readCurrent = vi.fn(async () => (options.current === undefined ? STORED : options.current));
  return { deps: { write, readCurrent } satisfies UserEditDependencies, write, readCurrent };
}

afterEach(() => vi.restoreAllMocks());

describe('saving an edited user', () => {
  it('when the profile is stored as the form saw it, then it writes the fields against that and says so', async () => {
    const fake = fakes();

    expect(await saveUserEdit(EDIT, fake.deps, ADMIN)).toEqual({
      type: 'saved',
      row: { ...STORED, name: 'Rosa Lim-Cruz' },
      text: 'User updated!',
    });
    expect(fake.write).toHaveBeenCalledWith(EDIT.fields, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when another admin changed the role meanwhile, then it writes nothing more, shows their role and keeps the typed name', async () => {
    const fake = fakes({ write: async () => null, current: { ...STORED, role: 'admin' } });

    expect(await saveUserEdit(EDIT, fake.deps, ADMIN)).toEqual({
      type: 'changed-meanwhile',
      current: { ...STORED, role: 'admin' },
      opened: { name: 'Rosa Lim', role: 'admin' },
      values: { name: ' Rosa Lim-Cruz ', role: 'admin' },
      message: {
        tone: 'error',
        text: 'Someone else changed this user while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
      },
    });
    expect(fake.write).toHaveBeenCalledTimes(1);
  });

  it('when the profile became the superadmin’s meanwhile, then an admin is told only the superadmin can change it', async () => {
    const fake = fakes({ write: async () => null, current: { ...STORED, role: 'superadmin' } });

    expect(await saveUserEdit(EDIT, fake.deps, ADMIN)).toEqual({
      type: 'gone',
      message: { tone: 'error', text: 'User update failed', detail: 'Only the superadmin can change this account.' },
    });
    expect(await saveUserEdit(EDIT, fake.deps, { viewerIsSuperadmin: true })).toMatchObject({
      type: 'changed-meanwhile',
      values: { name: ' Rosa Lim-Cruz ', role: 'superadmin' },
    });
  });

  it('when the profile was deleted meanwhile, then it says so under the spec’s text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakes({ write: async () => null, current: null });

    expect(await saveUserEdit(EDIT, fake.deps, ADMIN)).toEqual({
      type: 'gone',
      message: {
        tone: 'error',
        text: 'User update failed',
        detail: 'This user no longer exists. The list has been refreshed.',
      },
    });
  });

  it('when the write is refused or fails, then the spec’s text with the reason, and no second read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const lastAdmin = fakes({
      write: () => Promise.reject(toRequestError({ code: 'PT409', message: 'x', hint: 'last_admin' }, 409)),
    });
    const broken = fakes({ write: () => Promise.reject(new RequestError('failed')) });

    expect(await saveUserEdit(EDIT, lastAdmin.deps, ADMIN)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'User update failed', detail: 'A clinic must keep at least one admin.' },
    });
    expect(await saveUserEdit(EDIT, broken.deps, ADMIN)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'User update failed', detail: undefined },
    });
    expect(lastAdmin.readCurrent).not.toHaveBeenCalled();
  });

  it('when the same profile’s save is in flight, then it does nothing more', async () => {
    const fake = fakes({ write: async () => ALREADY_PENDING });

    expect(await saveUserEdit(EDIT, fake.deps, ADMIN)).toEqual({ type: 'already-pending' });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });
});
