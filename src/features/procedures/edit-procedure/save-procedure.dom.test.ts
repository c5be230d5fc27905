// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { getProcedure } from './api/get-procedure';
import { updateProcedure } from './api/update-procedure';
import { saveProcedureEdit, storedFieldsOf, type ProcedureEdit } from './save-procedure';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.procedure_categories([{ id: 1, name: 'Preventive Care' }]);
  await seed.procedures([{ id: 1, category_id: 1, name: 'Oral Prophylaxis', price: 800 }]);
});

/** The Edit row's save of the real write and read: the price raised to ₱900. */
async function raisePrice(): Promise<Awaited<ReturnType<typeof saveProcedureEdit>>> {
  const opened = storedFieldsOf((await getProcedure(1, 1))!);
  const edit: ProcedureEdit = {
    typed: { name: 'Oral Prophylaxis', price: '900' },
    fields: { name: 'Oral Prophylaxis', priceCentavos: 90_000 },
    opened,
  };
  return saveProcedureEdit(edit, {
    write: (fields, stored) => updateProcedure(1, { id: 1, fields, opened: stored }),
    readCurrent: () => getProcedure(1, 1),
  });
}

describe('an edit the database lets the caller read but not write', () => {
  it('is told as not allowed, not as a change made elsewhere, and changes nothing', async () => {
    // A dentist reads the price list (procedures.read) but may not change it (procedures.manage):
    // the update policy filters the row out, with no error.
    await signInAs({ role: 'dentist', clinic_id: 1 });

    expect(await raisePrice()).toEqual({
      type: 'failed',
      text: 'Could not save the procedure. Your role may not change procedures.',
    });
    expect((await rows('procedures', { id: 1 }))[0]!.price).toBe(800);
  });

  it('saves for a role that may write it', async () => {
    await signInAs({ role: 'receptionist', clinic_id: 1 });

    expect((await raisePrice()).type).toBe('saved');
    expect((await rows('procedures', { id: 1 }))[0]!.price).toBe(900);
  });
});
