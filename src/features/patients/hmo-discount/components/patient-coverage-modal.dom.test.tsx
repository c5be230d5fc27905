// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceQueryKeys } from '@/entities/invoice';
import { rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { PatientCoverageModal } from './patient-coverage-modal';

setupComponentTests();

const ana = { id: 1, name: 'Ana Santos', phone: '0917 555 0101', messenger_id: null };

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([ana]);
  await seed.hmos([
    { id: 1, clinic_id: 1, name: 'Maxicare' },
    { id: 2, clinic_id: 1, name: 'Intellicare' },
    { id: 3, clinic_id: 1, name: 'Old Care', active: false },
  ]);
});

let queryClient: QueryClient;

/** Opens the modal for Ana as a receptionist (who edits patients' cards and IDs like other patient fields). */
async function renderModal() {
  const user = await signInAs({ role: 'receptionist', clinic_id: 1 });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <PatientCoverageModal clinicId={1} patient={ana} onClose={() => {}} />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
  return userEvent.setup();
}

const cardsTable = () => screen.findByRole('table', { name: 'HMO cards' });

/** An Add Invoice split of Ana's lines, as read a moment ago: whether a save marked it to be read again. */
const anasSplit = invoiceQueryKeys.split(1, JSON.stringify({ patientId: 1, items: [] }));
const splitReadAgain = () => queryClient.getQueryState(anasSplit)?.isInvalidated;
const addForm = () => screen.getByRole('form', { name: 'Add card' });

describe('a patient’s HMO cards and discount ID', () => {
  it('lists the cards with the database’s status: a current card Valid, an old one Expired', async () => {
    // Dates far from any day the test runs on, so the status never depends on the clock.
    await seed.patient_hmo_cards([
      {
        clinic_id: 1,
        patient_id: 1,
        hmo_id: 2,
        member_number: 'INT-1',
        valid_from: '2000-01-01',
        valid_until: '2001-01-01',
      },
      {
        clinic_id: 1,
        patient_id: 1,
        hmo_id: 1,
        member_number: 'MAX-2',
        valid_from: '2000-01-01',
        valid_until: '2099-12-31',
      },
    ]);
    await renderModal();
    const body = within(await cardsTable())
      .getAllByRole('row')
      .slice(1);
    expect(
      body.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Maxicare', 'MAX-2'],
      ['Intellicare', 'INT-1'],
    ]);
    expect(within(body[0]!).getByText('Valid')).toBeTruthy();
    expect(within(body[1]!).getByText('Expired')).toBeTruthy();
  });

  it('adds a card of an accredited HMO, offering only active ones', async () => {
    const user = await renderModal();
    await screen.findByText('No HMO cards yet.');
    const hmo = within(addForm()).getByLabelText('HMO');
    await waitFor(() =>
      expect(
        within(hmo)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Maxicare'),
    );
    expect(
      within(hmo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select an HMO', 'Intellicare', 'Maxicare']);

    await user.click(within(addForm()).getByRole('button', { name: 'Add card' }));
    expect(await within(addForm()).findByText('Choose the HMO.')).toBeTruthy();

    await user.selectOptions(hmo, 'Maxicare');
    await user.type(within(addForm()).getByLabelText('Card / member number'), 'MAX-2291-0457');
    await user.type(within(addForm()).getByLabelText('Company'), 'Accenture');
    queryClient.setQueryData(anasSplit, 'read before the card');
    await user.click(within(addForm()).getByRole('button', { name: 'Add card' }));

    expect(await screen.findByText('HMO card added.')).toBeTruthy();
    // Add Invoice asks again who pays: the HMO's share follows the card.
    expect(splitReadAgain()).toBe(true);
    expect(within(await cardsTable()).getByText('MAX-2291-0457')).toBeTruthy();
    expect(within(await cardsTable()).getByText('Validity not recorded')).toBeTruthy();
    const stored = await rows('patient_hmo_cards', { patient_id: 1 });
    expect(stored).toMatchObject([
      { hmo_id: 1, member_number: 'MAX-2291-0457', company: 'Accenture', valid_until: null },
    ]);
  });

  it('says why the database refused a card whose dates are reversed', async () => {
    const user = await renderModal();
    const hmo = within(addForm()).getByLabelText('HMO');
    await waitFor(() => expect(within(hmo).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(hmo, 'Intellicare');
    await user.type(within(addForm()).getByLabelText('Card / member number'), 'INT-9');
    await user.type(within(addForm()).getByLabelText('Valid from'), '2026-06-01');
    await user.type(within(addForm()).getByLabelText('Valid until'), '2026-05-31');
    await user.click(within(addForm()).getByRole('button', { name: 'Add card' }));

    expect(await screen.findByText('Valid until cannot be before valid from.')).toBeTruthy();
    expect(await rows('patient_hmo_cards', { patient_id: 1 })).toEqual([]);
  });

  it('saves a senior citizen ID, whose number is required', async () => {
    const user = await renderModal();
    const type = await screen.findByLabelText('Discount ID');
    await user.selectOptions(type, 'Senior citizen');
    await user.click(screen.getByRole('button', { name: 'Save ID' }));
    expect(await screen.findByText('Enter the ID number for a senior citizen or PWD ID.')).toBeTruthy();

    await user.type(screen.getByLabelText('ID number'), 'SC-QC-2019-004512');
    queryClient.setQueryData(anasSplit, 'read before the ID');
    await user.click(screen.getByRole('button', { name: 'Save ID' }));
    expect(await screen.findByText('Discount ID saved.')).toBeTruthy();
    // Add Invoice asks again who pays: the senior citizen discount follows the ID.
    expect(splitReadAgain()).toBe(true);
    const [stored] = await rows('patients', { id: 1 });
    expect(stored).toMatchObject({ discount_id_type: 'senior_citizen', discount_id_number: 'SC-QC-2019-004512' });
  });
});
