// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failNext, holdNext, prepareDom, realStack, rows, seed, setupRealDatabase } from '@/testing/real-db';
import { procedureKeys } from './model/query-keys';
import type { ProcedureCategory } from './model/types';
import { renderProcedures } from './testing/render';

setupRealDatabase();

beforeAll(() => {
  prepareDom();
});

beforeEach(async () => {
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
});

afterEach(() => {
  cleanup();
});

async function seedRestorative() {
  const [restorative] = await seed.procedure_categories([{ clinic_id: 1, name: 'Restorative' }]);
  const [filling, crown] = await seed.procedures([
    { clinic_id: 1, category_id: restorative!.id, name: 'Composite Filling', price: 1500 },
    { clinic_id: 1, category_id: restorative!.id, name: 'Crown', price: 12000.5 },
  ]);
  return { restorative: restorative!, filling: filling!, crown: crown! };
}

/** The screen with the Restorative category seeded and its table shown; the user to act with. */
async function openRestorative() {
  const seeded = await seedRestorative();
  const user = userEvent.setup();
  await renderProcedures();
  await screen.findByRole('table', { name: 'Restorative' });
  return { ...seeded, user };
}

const table = (category: string) => screen.getByRole('table', { name: category });
const rowTexts = (category: string) =>
  within(table(category))
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
const stored = <T extends 'procedures' | 'procedure_categories'>(name: T) => rows(name);
const storedProcedure = async (id: number) => (await rows('procedures', { id }))[0];

describe('the Procedures tab', () => {
  it('shows Loading... and then each category’s table with the spec’s columns and prices in pesos', async () => {
    const { crown } = await seedRestorative();
    await seed.procedure_categories([
      { clinic_id: 1, name: 'cleaning' },
      { clinic_id: 2, name: 'Another clinic’s category' },
    ]);
    const load = holdNext({ method: 'GET', table: 'procedure_categories' });
    await renderProcedures();
    expect(await screen.findByText('Loading...')).toBeTruthy();
    load.release();

    await screen.findByRole('table', { name: 'Restorative' });
    expect(screen.getByRole('heading', { name: 'Clinic Procedure Manager' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Category' })).toBeTruthy();
    // Categories by name, ignoring case; only this clinic's.
    expect(screen.getAllByRole('table').map((element) => element.querySelector('caption')?.textContent)).toEqual([
      'cleaning',
      'Restorative',
    ]);
    expect(
      within(table('Restorative'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Procedure', 'Price', 'Actions']);
    expect(rowTexts('Restorative')).toEqual([
      ['Composite Filling', '₱1,500.00', 'EditDelete'],
      ['Crown', '₱12,000.50', 'EditDelete'],
    ]);
    expect(within(table('Restorative')).getByRole('button', { name: `Edit ${crown.name}` })).toBeTruthy();
    expect(rowTexts('cleaning')).toEqual([['No procedures in this category yet.']]);
    expect(within(table('cleaning')).getByLabelText('New procedure price in cleaning')).toHaveProperty('value', '0.00');
  });

  it('shows an empty state for a clinic without categories', async () => {
    await renderProcedures();
    expect(await screen.findByText('No procedure categories yet.')).toBeTruthy();
  });

  it('adds a category with Enter, refuses a blank or taken name, cuts a long one saying so, and keeps the name when the request fails', async () => {
    const { user } = await openRestorative();
    const input = screen.getByLabelText('New category name');

    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category name is required.')).toBeTruthy();
    await user.type(input, '  RESTORATIVE ');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('A category with this name already exists.')).toBeTruthy();
    expect(await stored('procedure_categories')).toHaveLength(1);

    await user.clear(input);
    await user.type(input, 'x'.repeat(201));
    expect(input).toHaveProperty('value', 'x'.repeat(200));
    expect(screen.getByText('Name can be at most 200 characters.')).toBeTruthy();

    await user.clear(input);
    failNext({ method: 'POST', table: 'procedure_categories' }, 'network');
    await user.type(input, 'Surgery{Enter}');
    expect(
      await screen.findByText(
        'Could not add the category. The server could not be reached. Please check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(input).toHaveProperty('value', 'Surgery');

    await user.type(input, '{Enter}');
    await screen.findByRole('table', { name: 'Surgery' });
    expect(input).toHaveProperty('value', '');
    expect((await stored('procedure_categories')).map((row) => [row.clinic_id, row.name])).toEqual([
      [1, 'Restorative'],
      [1, 'Surgery'],
    ]);
  });

  it('tells a name the database finds taken (another tab added it) at the field', async () => {
    const { user } = await openRestorative();
    await seed.procedure_categories([{ clinic_id: 1, name: 'Surgery' }]);
    await user.type(screen.getByLabelText('New category name'), 'surgery{Enter}');
    expect(await screen.findByText('A category with this name already exists.')).toBeTruthy();
    expect(screen.getByLabelText('New category name')).toHaveProperty('value', 'surgery');
  });

  it('adds a procedure with the default price 0.00, then one with a price typed, with Enter', async () => {
    const { restorative, user } = await openRestorative();
    const name = screen.getByLabelText('New procedure name in Restorative');
    const price = screen.getByLabelText('New procedure price in Restorative');

    await user.type(name, 'Inlay');
    await user.click(screen.getByRole('button', { name: 'Add procedure to Restorative' }));
    await within(table('Restorative')).findByText('Inlay');
    expect(rowTexts('Restorative')).toContainEqual(['Inlay', '₱0.00', 'EditDelete']);
    expect(name).toHaveProperty('value', '');
    expect(price).toHaveProperty('value', '0.00');

    await user.type(name, 'Onlay');
    await user.clear(price);
    await user.type(price, '2,500.75{Enter}');
    await within(table('Restorative')).findByText('Onlay');
    expect(rowTexts('Restorative')).toContainEqual(['Onlay', '₱2,500.75', 'EditDelete']);
    expect(
      (await stored('procedures'))
        .filter((row) => row.name === 'Inlay' || row.name === 'Onlay')
        .map((row) => [row.clinic_id, row.category_id, row.name, row.price]),
    ).toEqual([
      [1, restorative.id, 'Inlay', 0],
      [1, restorative.id, 'Onlay', 2500.75],
    ]);
  });

  it('refuses a procedure without a name or price, with a bad price or a taken name, and keeps the input when the add fails', async () => {
    const { user } = await openRestorative();
    const name = screen.getByLabelText('New procedure name in Restorative');
    const price = screen.getByLabelText('New procedure price in Restorative');
    const add = screen.getByRole('button', { name: 'Add procedure to Restorative' });

    await user.clear(price);
    await user.click(add);
    expect(await screen.findByText('Procedure name is required.')).toBeTruthy();
    expect(screen.getByText('Price is required.')).toBeTruthy();

    await user.type(name, 'composite filling');
    await user.type(price, '-1');
    await user.click(add);
    expect(await screen.findByText('A procedure with this name already exists in this category.')).toBeTruthy();
    expect(screen.getByText('Price must be 0 or more, with at most 2 decimals.')).toBeTruthy();
    expect(await stored('procedures')).toHaveLength(2);

    await user.clear(name);
    await user.type(name, 'Veneer');
    await user.clear(price);
    await user.type(price, '8000');
    failNext({ method: 'POST', table: 'procedures' });
    await user.click(add);
    expect(await screen.findByText('Could not add the procedure. Please try again.')).toBeTruthy();
    expect(name).toHaveProperty('value', 'Veneer');
    expect(price).toHaveProperty('value', '8000');
    expect(await stored('procedures')).toHaveLength(2);
  });

  it('edits a procedure’s name and price and saves them', async () => {
    const { filling, user } = await openRestorative();

    await user.click(screen.getByRole('button', { name: 'Edit Composite Filling' }));
    const name = screen.getByLabelText('Name of Composite Filling');
    const price = screen.getByLabelText('Price of Composite Filling');
    expect(name).toHaveProperty('value', 'Composite Filling');
    expect(price).toHaveProperty('value', '1500.00');
    expect(document.activeElement).toBe(name);

    await user.clear(name);
    await user.type(name, 'Composite Filling (1 surface)');
    await user.clear(price);
    await user.type(price, '1750.5');
    await user.click(screen.getByRole('button', { name: 'Save Composite Filling' }));
    await within(table('Restorative')).findByText('Composite Filling (1 surface)');
    expect(rowTexts('Restorative')).toContainEqual(['Composite Filling (1 surface)', '₱1,750.50', 'EditDelete']);
    expect(await storedProcedure(filling.id)).toMatchObject({ name: 'Composite Filling (1 surface)', price: 1750.5 });
  });

  it('writes nothing over a price saved elsewhere while the row was open: it shows it, keeps the typed name, and a second Save writes', async () => {
    const seeded = await seedRestorative();
    const user = userEvent.setup();
    const { queryClient } = await renderProcedures();
    await screen.findByRole('table', { name: 'Restorative' });
    const { filling } = seeded;

    await user.click(screen.getByRole('button', { name: 'Edit Composite Filling' }));
    const name = screen.getByLabelText('Name of Composite Filling');
    const price = screen.getByLabelText('Price of Composite Filling');
    // Another admin saves a new price; the list reads it while the row is open, under the editor.
    await realStack().query('update public.procedures set price = 1800 where id = $1', [filling.id]);
    await queryClient.invalidateQueries({ queryKey: procedureKeys.all(1) });
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<ProcedureCategory[]>(procedureKeys.categories(1))
          ?.flatMap((category) => category.procedures)
          .find((procedure) => procedure.id === filling.id)?.priceCentavos,
      ).toBe(180_000),
    );
    await user.clear(name);
    await user.type(name, 'Composite Filling (1 surface)');
    await user.click(screen.getByRole('button', { name: 'Save Composite Filling' }));

    expect(
      await screen.findByText(
        'Someone else changed this procedure while you were editing. The row now shows their changes, with yours kept: check it, then save again.',
      ),
    ).toBeTruthy();
    expect(await storedProcedure(filling.id)).toMatchObject({ name: 'Composite Filling', price: 1800 });
    expect(name).toHaveProperty('value', 'Composite Filling (1 surface)');
    expect(price).toHaveProperty('value', '1800.00');

    await user.click(screen.getByRole('button', { name: 'Save Composite Filling' }));
    await within(table('Restorative')).findByText('Composite Filling (1 surface)');
    expect(rowTexts('Restorative')).toContainEqual(['Composite Filling (1 surface)', '₱1,800.00', 'EditDelete']);
    expect(await storedProcedure(filling.id)).toMatchObject({ name: 'Composite Filling (1 surface)', price: 1800 });
  });

  it('says so when the procedure being edited was deleted meanwhile, as its row leaves the list', async () => {
    const { filling, user } = await openRestorative();

    await user.click(screen.getByRole('button', { name: 'Edit Composite Filling' }));
    await realStack().query('delete from public.procedures where id = $1', [filling.id]);
    await user.clear(screen.getByLabelText('Price of Composite Filling'));
    await user.type(screen.getByLabelText('Price of Composite Filling'), '1600');
    await user.click(screen.getByRole('button', { name: 'Save Composite Filling' }));
    // The list read again has no row for the edit any more: it is said where it stays.
    await waitFor(() => expect(screen.queryByLabelText('Name of Composite Filling')).toBeNull());
    expect(
      await screen.findByText('Could not save the procedure. It was deleted meanwhile; the list has been refreshed.'),
    ).toBeTruthy();
  });

  it('cancels an edit with Cancel or Escape and shows the stored values again', async () => {
    const { filling, user } = await openRestorative();

    await user.click(screen.getByRole('button', { name: 'Edit Composite Filling' }));
    await user.clear(screen.getByLabelText('Price of Composite Filling'));
    await user.type(screen.getByLabelText('Price of Composite Filling'), '1');
    await user.click(screen.getByRole('button', { name: 'Cancel editing Composite Filling' }));
    expect(rowTexts('Restorative')[0]).toEqual(['Composite Filling', '₱1,500.00', 'EditDelete']);

    await user.click(screen.getByRole('button', { name: 'Edit Composite Filling' }));
    await user.type(screen.getByLabelText('Name of Composite Filling'), ' changed{Escape}');
    expect(rowTexts('Restorative')[0]).toEqual(['Composite Filling', '₱1,500.00', 'EditDelete']);
    expect(await storedProcedure(filling.id)).toMatchObject({ name: 'Composite Filling', price: 1500 });
  });

  it('refuses a taken name or bad price in edit mode and keeps the edit when the save fails', async () => {
    const { user } = await openRestorative();

    await user.click(screen.getByRole('button', { name: 'Edit Composite Filling' }));
    const name = screen.getByLabelText('Name of Composite Filling');
    const price = screen.getByLabelText('Price of Composite Filling');
    await user.clear(name);
    await user.type(name, 'CROWN');
    await user.clear(price);
    await user.type(price, '1.005{Enter}');
    expect(await screen.findByText('A procedure with this name already exists in this category.')).toBeTruthy();
    expect(screen.getByText('Price must be 0 or more, with at most 2 decimals.')).toBeTruthy();

    await user.clear(name);
    await user.type(name, 'Filling');
    await user.clear(price);
    await user.type(price, '1600');
    failNext({ method: 'PATCH', table: 'procedures' }, 'network');
    await user.click(screen.getByRole('button', { name: 'Save Composite Filling' }));
    expect(
      await screen.findByText(
        'Could not save the procedure. The server could not be reached. Please check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(name).toHaveProperty('value', 'Filling');
    expect(price).toHaveProperty('value', '1600');
  });

  it('asks before deleting a procedure; Cancel keeps it, confirming deletes it', async () => {
    const { filling, user } = await openRestorative();

    await user.click(screen.getByRole('button', { name: 'Delete Composite Filling' }));
    expect(await screen.findByText('Are you sure you want to delete this procedure?')).toBeTruthy();
    // Cancel has the focus: checked in Chromium (tests/e2e/procedures.e2e.test.ts).
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete this procedure?')).toBeNull());
    expect(await storedProcedure(filling.id)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete Composite Filling' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(within(table('Restorative')).queryByText('Composite Filling')).toBeNull());
    expect(await storedProcedure(filling.id)).toBeUndefined();
  });

  it('says a delete failed and keeps the procedure', async () => {
    const { filling, user } = await openRestorative();

    failNext({ method: 'DELETE', table: 'procedures' }, { code: '42501', message: 'permission denied' });
    await user.click(screen.getByRole('button', { name: 'Delete Composite Filling' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(
      await screen.findByText('Could not delete the procedure. Your role may not change procedures.'),
    ).toBeTruthy();
    expect(within(table('Restorative')).getByText('Composite Filling')).toBeTruthy();
    expect(await storedProcedure(filling.id)).toBeTruthy();
  });

  it('keeps a procedure an HMO covers, saying who removes the coverage first', async () => {
    const { filling, user } = await openRestorative();
    const [maxicare] = await seed.hmos([{ clinic_id: 1, name: 'Maxicare' }]);
    await seed.hmo_coverages([{ clinic_id: 1, hmo_id: maxicare!.id, procedure_id: filling.id, covered_percent: 80 }]);

    await user.click(screen.getByRole('button', { name: 'Delete Composite Filling' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect(
      await screen.findByText(
        'Could not delete the procedure. An HMO covers it; an admin removes it from the coverage first (Clinic Config, HMOs).',
      ),
    ).toBeTruthy();
    expect(await storedProcedure(filling.id)).toBeTruthy();
  });

  it('offers Retry when the list cannot be read', async () => {
    await seedRestorative();
    failNext({ method: 'GET', table: 'procedure_categories' });
    const user = userEvent.setup();
    await renderProcedures();
    expect(await screen.findByText('Could not load the procedures.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Restorative' });
  });
});
