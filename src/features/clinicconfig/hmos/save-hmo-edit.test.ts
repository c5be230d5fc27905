import { describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import type { StoredHmo } from './api/get-hmos';
import type { HmoFields } from './hmo-forms';
import { hmoSaveFailure, saveHmoEdit, type HmoEditDependencies } from './save-hmo-edit';

const STORED: StoredHmo = { id: 8, name: 'Maxicare', claim_deadline_days: 30, annual_limit: '30000.00', active: true };
const OPENED: HmoFields = { name: 'Maxicare', claim_deadline_days: 30, annual_limit: '30000.00', active: true };
/** The user changed the name only. */
const EDIT = {
  typed: { name: ' Maxicare Healthcare ', deadline: '30', limit: '30000.00', active: true },
  fields: { ...OPENED, name: 'Maxicare Healthcare' },
  opened: OPENED,
};

function fakes(options: { write?: HmoEditDependencies['write']; current?: StoredHmo | null } = {}) {
  const write = vi.fn(options.write ?? (async (fields: HmoFields) => ({ ...STORED, ...fields })));
  const readCurrent = vi.fn(async () => (options.current === undefined ? STORED : options.current));
  return { deps: { write, readCurrent } satisfies HmoEditDependencies, write, readCurrent };
}

describe('Edit HMO', () => {
  it('when the HMO is stored as the form saw it, then it writes the fields against that', async () => {
    const fake = fakes();

    expect(await saveHmoEdit(EDIT, fake.deps)).toEqual({ type: 'saved', row: { ...STORED, ...EDIT.fields } });
    expect(fake.write).toHaveBeenCalledWith(EDIT.fields, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when someone else lowered the limit and deactivated it meanwhile, then it writes nothing more, says so, and keeps the typed name', async () => {
    const current = { ...STORED, annual_limit: '20000.00', active: false };
    const fake = fakes({ write: async () => null, current });

    expect(await saveHmoEdit(EDIT, fake.deps)).toEqual({
      type: 'changed-meanwhile',
      opened: { name: 'Maxicare', claim_deadline_days: 30, annual_limit: '20000.00', active: false },
      values: { name: ' Maxicare Healthcare ', deadline: '30', limit: '20000.00', active: false },
      message: {
        tone: 'error',
        text: 'Someone else changed this HMO while you were editing. The form now shows their changes, with yours kept: check it, then save again.',
      },
    });
    expect(fake.write).toHaveBeenCalledTimes(1);
  });

  it('when the HMO is gone, then it fails saying so', async () => {
    const fake = fakes({ write: async () => null, current: null });

    const outcome = await saveHmoEdit(EDIT, fake.deps);

    expect(outcome.type).toBe('failed');
    expect(outcome.type === 'failed' && hmoSaveFailure(outcome.error)).toEqual({
      tone: 'error',
      text: 'Failed to save the HMO.',
      detail: 'This HMO no longer exists. The list has been refreshed.',
    });
  });

  it('when the HMO is stored as the form saw it yet the write matched nothing, then the role may not change it', async () => {
    const fake = fakes({ write: async () => null, current: STORED });

    const outcome = await saveHmoEdit(EDIT, fake.deps);

    expect(outcome.type === 'failed' && hmoSaveFailure(outcome.error)).toEqual({
      tone: 'error',
      text: 'Failed to save the HMO.',
      detail: 'You do not have permission to change this.',
    });
  });

  it('when the database refuses the name, then it fails with the refusal’s words', async () => {
    const taken = toRequestError({ code: '23505', message: 'taken', hint: 'hmo_name_taken' }, 409);
    const fake = fakes({ write: () => Promise.reject(taken) });

    const outcome = await saveHmoEdit(EDIT, fake.deps);

    expect(outcome).toEqual({ type: 'failed', error: taken });
    expect(hmoSaveFailure(taken).detail).toBe('The clinic already has an HMO of that name.');
    expect(hmoSaveFailure(new RequestError('unreachable')).detail).toBeUndefined();
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when the same HMO’s save is in flight, then it does nothing more', async () => {
    const fake = fakes({ write: async () => ALREADY_PENDING });

    expect(await saveHmoEdit(EDIT, fake.deps)).toEqual({ type: 'already-pending' });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });
});
