import { describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING } from '@/lib/keyed-guard';
import { RequestError, toRequestError } from '@/lib/request-error';
import type { Procedure } from '../model/types';
import {
  mergeConcurrentProcedureEdit,
  saveProcedureEdit,
  type ProcedureEditDependencies,
  type StoredProcedureFields,
} from './save-procedure';

const STORED: Procedure = { id: 10, categoryId: 3, name: 'Composite Filling', priceCentavos: 150_000 };
const OPENED: StoredProcedureFields = { name: 'Composite Filling', priceCentavos: 150_000 };
/** The user changed the name only. */
const EDIT = {
  typed: { name: ' Composite Filling (1 surface) ', price: '1500.00' },
  fields: { name: 'Composite Filling (1 surface)', priceCentavos: 150_000 },
  opened: OPENED,
};

function fakes(options: { write?: ProcedureEditDependencies['write']; current?: Procedure | null } = {}) {
  const write = vi.fn(options.write ?? (async (fields: StoredProcedureFields) => ({ ...STORED, ...fields })));
  const readCurrent = vi.fn(async () => (options.current === undefined ? STORED : options.current));
  return { deps: { write, readCurrent } satisfies ProcedureEditDependencies, write, readCurrent };
}

describe('merging an edit with a save made elsewhere meanwhile', () => {
  const current = { name: 'Tooth-coloured Filling', priceCentavos: 180_050 };

  it('shows the other save’s values in the fields this user left as opened', () => {
    expect(mergeConcurrentProcedureEdit({ name: 'Composite Filling ', price: '1,500' }, OPENED, current)).toEqual({
      name: 'Tooth-coloured Filling',
      price: '1800.50',
    });
  });

  it('keeps what this user typed where they changed a field', () => {
    expect(mergeConcurrentProcedureEdit({ name: 'Filling', price: '1500.00' }, OPENED, current)).toEqual({
      name: 'Filling',
      price: '1800.50',
    });
    expect(mergeConcurrentProcedureEdit({ name: 'Composite Filling', price: '1,750.5' }, OPENED, current)).toEqual({
      name: 'Tooth-coloured Filling',
      price: '1,750.5',
    });
  });
});

describe('saving an edited procedure', () => {
  it('when the procedure is stored as the row saw it, then it writes the fields against that and says so', async () => {
    const fake = fakes();

    expect(await saveProcedureEdit(EDIT, fake.deps)).toEqual({ type: 'saved', text: 'Procedure saved.' });
    expect(fake.write).toHaveBeenCalledWith(EDIT.fields, OPENED);
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when someone else saved a new price meanwhile, then it writes nothing more, says so, and keeps the typed name', async () => {
    const current = { ...STORED, priceCentavos: 180_000 };
    const fake = fakes({ write: async () => null, current });

    expect(await saveProcedureEdit(EDIT, fake.deps)).toEqual({
      type: 'changed-meanwhile',
      opened: { name: 'Composite Filling', priceCentavos: 180_000 },
      values: { name: ' Composite Filling (1 surface) ', price: '1800.00' },
      text: 'Someone else changed this procedure while you were editing. The row now shows their changes, with yours kept: check it, then save again.',
    });
    expect(fake.write).toHaveBeenCalledTimes(1);
  });

  it('when the procedure was deleted meanwhile, then it says so as before', async () => {
    const fake = fakes({ write: async () => null, current: null });

    expect(await saveProcedureEdit(EDIT, fake.deps)).toEqual({
      type: 'gone',
      text: 'Could not save the procedure. It was deleted meanwhile; the list has been refreshed.',
    });
  });

  it('when another procedure of the category has the name, then it tells it at the name field', async () => {
    const fake = fakes({ write: () => Promise.reject(toRequestError({ code: '23505', message: 'taken' }, 409)) });

    expect(await saveProcedureEdit(EDIT, fake.deps)).toEqual({
      type: 'name-taken',
      text: 'A procedure with this name already exists in this category.',
    });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });

  it('when the write or the fresh read fails, then it says what failed', async () => {
    const unreachable = fakes({ write: () => Promise.reject(new RequestError('unreachable')) });
    const readFails = fakes({ write: async () => null });
    readFails.readCurrent.mockRejectedValue(toRequestError({ code: 'XX000', message: 'boom' }, 500));

    expect(await saveProcedureEdit(EDIT, unreachable.deps)).toEqual({
      type: 'failed',
      text: 'Could not save the procedure. The server could not be reached. Please check your connection and try again.',
    });
    expect(await saveProcedureEdit(EDIT, readFails.deps)).toEqual({
      type: 'failed',
      text: 'Could not save the procedure. Please try again.',
    });
  });

  it('when the same procedure’s save is in flight, then it does nothing more', async () => {
    const fake = fakes({ write: async () => ALREADY_PENDING });

    expect(await saveProcedureEdit(EDIT, fake.deps)).toEqual({ type: 'already-pending' });
    expect(fake.readCurrent).not.toHaveBeenCalled();
  });
});
