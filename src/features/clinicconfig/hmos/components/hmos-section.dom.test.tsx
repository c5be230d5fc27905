// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { realStack, rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { HmosSection } from './hmos-section';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  await seed.procedure_categories([{ id: 1, clinic_id: 1, name: 'Preventive Care' }]);
  await seed.procedures([
    { id: 1, clinic_id: 1, category_id: 1, name: 'Oral Prophylaxis (Cleaning)', price: 1200 },
    { id: 2, clinic_id: 1, category_id: 1, name: 'Porcelain Crown', price: 12000 },
  ]);
});

async function renderSection() {
  const user = await signInAs({ role: 'admin', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <HmosSection clinicId={1} />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
  return userEvent.setup();
}

const hmoTable = () => screen.findByRole('table', { name: 'Accredited HMOs' });

describe('Accredited HMOs in Clinic Config', () => {
  it('adds an HMO with a 30-day claim deadline and an annual limit', async () => {
    const user = await renderSection();
    await screen.findByText('No accredited HMOs yet.');
    await user.click(screen.getByRole('button', { name: 'Add HMO' }));
    const dialog = screen.getByRole('dialog', { name: 'Add HMO' });
    expect(within(dialog).getByLabelText('Claim deadline (days)')).toHaveProperty('value', '30');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Enter the HMO’s name.')).not.toHaveLength(0);
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(within(dialog).getByLabelText('Name'), 'Maxicare');
    await user.type(within(dialog).getByLabelText('Annual limit per patient (optional)'), '30,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const row = within(await hmoTable()).getByRole('row', { name: /Maxicare/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Maxicare', '30 days', '₱30,000.00', '0', 'Yes', 'CoverageEdit']);
    expect(await rows('hmos', { clinic_id: 1 })).toMatchObject([
      { name: 'Maxicare', claim_deadline_days: 30, active: true },
    ]);
  });

  it('tells the database’s refusal of a second HMO of the same name', async () => {
    await seed.hmos([{ clinic_id: 1, name: 'Maxicare' }]);
    const user = await renderSection();
    await hmoTable();
    await user.click(screen.getByRole('button', { name: 'Add HMO' }));
    const dialog = screen.getByRole('dialog', { name: 'Add HMO' });
    await user.type(within(dialog).getByLabelText('Name'), 'maxicare');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The clinic already has an HMO of that name.')).toBeTruthy();
  });

  it('tells two procedures of one name apart by their category', async () => {
    await seed.procedure_categories([{ id: 2, clinic_id: 1, name: 'Pediatric' }]);
    await seed.procedures([{ id: 3, clinic_id: 1, category_id: 2, name: 'Porcelain Crown', price: 9000 }]);
    await seed.hmos([{ id: 8, clinic_id: 1, name: 'Maxicare' }]);
    const user = await renderSection();
    await hmoTable();
    await user.click(screen.getByRole('button', { name: 'Coverage of Maxicare' }));
    const dialog = screen.getByRole('dialog', { name: 'Coverage — Maxicare' });
    const procedure = within(dialog).getByLabelText('Procedure');
    await waitFor(() => expect(within(procedure).getAllByRole('option')).toHaveLength(4));
    expect(
      within(procedure)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a procedure',
      'Oral Prophylaxis (Cleaning)',
      'Porcelain Crown (Preventive Care)',
      'Porcelain Crown (Pediatric)',
    ]);
  });

  it('covers cleaning at a contracted price and leaves the crown uncovered', async () => {
    await seed.hmos([{ id: 7, clinic_id: 1, name: 'Intellicare' }]);
    const user = await renderSection();
    await hmoTable();
    await user.click(screen.getByRole('button', { name: 'Coverage of Intellicare' }));
    const dialog = screen.getByRole('dialog', { name: 'Coverage — Intellicare' });
    const form = within(dialog).getByRole('form', { name: 'Add covered procedure' });
    const procedure = within(form).getByLabelText('Procedure');
    await waitFor(() => expect(within(procedure).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(procedure, 'Oral Prophylaxis (Cleaning)');
    await user.type(within(form).getByLabelText('Amount'), '950');
    await user.click(within(form).getByRole('button', { name: 'Add covered procedure' }));

    const covered = await within(dialog).findByRole('table', { name: 'Coverage — Intellicare' });
    expect(within(covered).getByText('₱950.00 (contracted)')).toBeTruthy();
    expect(within(covered).getByText('₱1,200.00')).toBeTruthy();
    expect(within(covered).queryByText('Porcelain Crown')).toBeNull();
    expect(
      within(procedure)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a procedure', 'Porcelain Crown']);
    expect(await rows('hmo_coverages', { hmo_id: 7 })).toMatchObject([
      { procedure_id: 1, contracted_price: 950, covered_percent: null },
    ]);

    await user.selectOptions(procedure, 'Porcelain Crown');
    await user.selectOptions(within(form).getByLabelText('Covered at'), 'Percentage of the price (%)');
    await user.type(within(form).getByLabelText('Amount'), '150');
    await user.click(within(form).getByRole('button', { name: 'Add covered procedure' }));
    expect(await within(dialog).findByText('The covered percentage is from 0 to 100.')).toBeTruthy();
  });

  describe('Edit HMO when another admin saved the HMO meanwhile', () => {
    const CHANGED =
      'Someone else changed this HMO while you were editing. The form now shows their changes, with yours kept: check it, then save again.';

    async function openEdit() {
      await seed.hmos([{ id: 8, clinic_id: 1, name: 'Maxicare', annual_limit: 30000 }]);
      const user = await renderSection();
      await hmoTable();
      await user.click(screen.getByRole('button', { name: 'Edit Maxicare' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Maxicare' });
      expect(within(dialog).getByLabelText('Annual limit per patient (optional)')).toHaveProperty('value', '30000.00');
      return { user, dialog };
    }

    it('undoes neither their lower limit nor their deactivation, shows both, and keeps the name typed here', async () => {
      const { user, dialog } = await openEdit();
      const name = within(dialog).getByLabelText('Name');
      await user.clear(name);
      await user.type(name, 'Maxicare Healthcare');
      // Another admin lowers the annual limit and stops accepting the HMO, from another desk.
      await realStack().query('update public.hmos set annual_limit = 20000, active = false where id = 8');

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(CHANGED));
      expect(await rows('hmos', { id: 8 })).toMatchObject([{ name: 'Maxicare', annual_limit: 20000, active: false }]);
      expect(within(dialog).getByLabelText('Annual limit per patient (optional)')).toHaveProperty('value', '20000.00');
      expect(within(dialog).getByLabelText('Active (new cards may name it)')).toHaveProperty('checked', false);
      expect(name).toHaveProperty('value', 'Maxicare Healthcare');

      // Saving again, now on what the form shows, keeps theirs and this rename.
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await rows('hmos', { id: 8 })).toMatchObject([
        { name: 'Maxicare Healthcare', annual_limit: 20000, active: false },
      ]);
      const row = within(await hmoTable()).getByRole('row', { name: /Maxicare Healthcare/ });
      expect(within(row).getByText('₱20,000.00')).toBeTruthy();
    });

    it('when another desk renamed the HMO meanwhile, then the dialog is titled with the name as read', async () => {
      const { user, dialog } = await openEdit();
      const limit = within(dialog).getByLabelText('Annual limit per patient (optional)');
      await user.clear(limit);
      await user.type(limit, '25,000');
      await realStack().query("update public.hmos set name = 'Maxicare Healthcare' where id = 8");

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(CHANGED));
      expect(screen.getByRole('dialog', { name: 'Edit Maxicare Healthcare' })).toBe(dialog);
      expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'Maxicare Healthcare');
    });

    it('says the HMO no longer exists when it was deleted meanwhile', async () => {
      const { user, dialog } = await openEdit();
      await realStack().query('delete from public.hmos where id = 8');
      const limit = within(dialog).getByLabelText('Annual limit per patient (optional)');
      await user.clear(limit);
      await user.type(limit, '25,000');

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(within(dialog).getByRole('alert').textContent).toBe(
          'Failed to save the HMO.This HMO no longer exists. The list has been refreshed.',
        ),
      );
      expect(await rows('hmos', { clinic_id: 1 })).toEqual([]);
    });
  });
});
