// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { PatientPicker, type ChosenPatient } from '@/entities/patient';
import { renderSignedIn, seed, setupComponentTests } from '@/testing/real-db';
import { PatientsView } from './patients-screen';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([
    { name: 'Ana Santos', phone: '0917 555 0101' },
    { name: 'Ben Cruz', phone: '0918 555 0202' },
  ]);
});

const TEXTS: SearchComboboxTexts = {
  placeholder: 'Type a patient’s name',
  listLabel: 'Patients found',
  searching: 'Searching…',
  failed: 'Could not search the patients.',
  noMatch: (term) => `No patients match “${term}”.`,
  noneYet: 'No patients yet.',
  moreMatches: (limit) => `First ${limit} matches.`,
};

/** A form's Patient field (Add Invoice, Add to Waitlist), beside the Patients tab, in one app. */
function PickerBesideThePatientsTab() {
  const [chosen, setChosen] = useState<ChosenPatient | null>(null);
  return (
    <>
      <label htmlFor="picker">Invoice patient</label>
      <PatientPicker id="picker" clinicId={1} value={chosen} invalid={false} onChange={setChosen} texts={TEXTS} />
      <PatientsView />
    </>
  );
}

async function renderPickerAndTab() {
  await renderSignedIn(<PickerBesideThePatientsTab />, { role: 'receptionist' });
  await screen.findByText(/^Total number of patients: /);
}

const picker = () => screen.getByRole('combobox', { name: 'Invoice patient' });
const offered = (name: string) => screen.queryByRole('option', { name: new RegExp(`^${name},`) });

describe('the patient pickers', () => {
  it('find a patient just added and no longer offer one just deleted, within their 30 s of freshness', async () => {
    const user = userEvent.setup();
    await renderPickerAndTab();
    // The picker searches 'Ana' once (Ben, of the blank search before, is gone); the answer is
    // fresh for 30 s.
    await user.type(picker(), 'Ana');
    await waitFor(() => expect(offered('Ben Cruz')).toBeNull());
    expect(offered('Ana Santos')).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Patient' });
    await user.type(within(modal).getByLabelText('Name'), 'Ana Bautista');
    await user.type(within(modal).getByLabelText('Phone'), '0920 555 0404');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByText('Patient added!');

    await user.click(picker());
    expect(await screen.findByRole('option', { name: /^Ana Bautista,/ })).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await user.click(screen.getByRole('button', { name: 'Delete Ana Santos' }));
    await screen.findByText('Are you sure you want to delete this profile?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Patient deleted!');

    await user.click(picker());
    await waitFor(() => expect(offered('Ana Santos')).toBeNull());
    expect(offered('Ana Bautista')).toBeTruthy();
  });

  it('find a patient by the name an edit just gave them', async () => {
    const user = userEvent.setup();
    await renderPickerAndTab();
    await user.type(picker(), 'Cruz');
    await waitFor(() => expect(offered('Ana Santos')).toBeNull());
    expect(offered('Ben Cruz')).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await user.click(screen.getByRole('button', { name: 'Edit Ben Cruz' }));
    const modal = await screen.findByRole('dialog', { name: /Edit Patient/ });
    const name = within(modal).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Benedict Dela Cruz');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(picker());
    expect(await screen.findByRole('option', { name: /^Benedict Dela Cruz,/ })).toBeTruthy();
    expect(offered('Ben Cruz')).toBeNull();
  });
});
