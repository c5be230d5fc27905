import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import type { Dentist } from '../model/api/get-dentists';
import type { DentistInput } from './dentist-form';
import { saveDentistEdit, type DentistEditDependencies } from './save-dentist';

const STORED: Dentist = {
  id: 4,
  clinic_id: 1,
  name: 'Dr. Beth Cruz',
  email: 'beth@example.test',
  phone: '0917',
  is_active: true,
};
const OPENED: DentistInput = { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: '0917', is_active: true };
/** The user changed the phone only. */
const EDIT = {
  typed: { name: 'Dr. Beth Cruz', email: 'beth@example.test', phone: ' 0999 ', isActive: true },
  input: { ...OPENED, phone: '0999' },
  opened: OPENED,
};

function fakes(options: { write?: DentistEditDependencies['write']; current?: Dentist | null } = {}) {
  const write = vi.fn(options.write ?? (async (input: DentistInput) => ({ ...STORED, ...input })));
  const readCurrent = vi.fn(async () => (options.current === undefined ? STORED : options.current));
  return { deps: { write, readCurrent } satisfies DentistEditDependencies, write, readCurrent };
}

afterEach(() => vi.restoreAllMocks());

describe('saving an edited dentist', () => {
  it('when the dentist is stored as the form saw it, then it writes the fields against that and says so', async () => {
    const fake = fakes();

    expect(await saveDentistEdit(EDIT, fake.deps)).toEqual({ type: 'saved', text: 'Dentist updated!' });
    expect(fake.write).toHaveBeenCalledWith(EDIT.input, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when someone else saved it meanwhile, then it writes nothing more, says so, and keeps what was typed', async () => {
    const fake = fakes({
      write: async () => null,
      current: { ...STORED, name: 'Dr. Beth Cruz-Reyes', is_active: false },
    });

    expect(await saveDentistEdit(EDIT, fake.deps)).toEqual({
      type: 'changed-meanwhile',
      opened: { name: 'Dr. Beth Cruz-Reyes', email: 'beth@example.test', phone: '0917', is_active: false },
      values: { name: 'Dr. Beth Cruz-Reyes', email: 'beth@example.test', phone: ' 0999 ', isActive: false },
      message: {
        tone: 'error',
        text: 'Someone else changed this dentist while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
      },
    });
    expect(fake.write).toHaveBeenCalledTimes(1);
  });

  it('when the dentist was deleted meanwhile, then it says so under the spec’s text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakes({ write: async () => null, current: null });

    expect(await saveDentistEdit(EDIT, fake.deps)).toEqual({
      type: 'gone',
      message: {
        tone: 'error',
        text: 'Error updating dentist.',
        detail: expect.stringContaining('It may have been deleted in another tab.'),
      },
    });
  });

  it('when the write fails, then it reports the spec’s text with the reason a receptionist can act on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const forbidden = fakes({ write: () => Promise.reject(toRequestError({ code: '42501', message: 'denied' }, 403)) });
    const broken = fakes({ write: () => Promise.reject(new RequestError('failed')) });

    expect(await saveDentistEdit(EDIT, forbidden.deps)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'Error updating dentist.', detail: expect.any(String) },
    });
    expect(await saveDentistEdit(EDIT, broken.deps)).toEqual({
      type: 'failed',
      message: { tone: 'error', text: 'Error updating dentist.', detail: undefined },
    });
    expect(forbidden.readCurrent).not.toHaveBeenCalled();
  });

  it('when the fresh read fails, then it reports the spec’s text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakes({ write: async () => null });
    fake.readCurrent.mockRejectedValue(new RequestError('unreachable'));

    expect(await saveDentistEdit(EDIT, fake.deps)).toMatchObject({
      type: 'failed',
      message: { text: 'Error updating dentist.', detail: expect.any(String) },
    });
  });

  it('when the same dentist’s save is in flight, then it does nothing more', async () => {
    const fake = fakes({ write: async () => ALREADY_PENDING });

    expect(await saveDentistEdit(EDIT, fake.deps)).toEqual({ type: 'already-pending' });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });
});
