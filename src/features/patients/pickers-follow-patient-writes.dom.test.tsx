// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchComboboxTexts } from '@/components/search-combobox/search-combobox';
import { PatientPicker, type ChosenPatient } from '@/entities/patient';
import { seed, setupComponentTests } from '@/testing/real-db';
import { addPatientOnTheTab, deletePatientOnTheTab, renderBesideThePatientsTab } from './testing/patients-tab';

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

/** A form's Patient field (Add Invoice, Add to Waitlist). */
function Picker() {
  const [chosen, setChosen] = useState<ChosenPatient | null>(null);
  return (
    <>
      <label htmlFor="picker">Invoice patient</label>
      <PatientPicker id="picker" clinicId={1} value={chosen} invalid={false} onChange={setChosen} texts={TEXTS} />
    </>
  );
}

const renderPickerAndTab = () => renderBesideThePatientsTab(<Picker />);

const picker = () => screen.getByRole('combobox', { name: 'Invoice patient' });
const offered = (name: string) => screen.queryByRole('option', { name: new RegExp(`^${name},`) });

describe('the patient pickers', () => {
  it('find a patient just added and no longer offer one just deleted, within their 30 s of freshness', async () => {
    const user = userEvent.setup();
    await renderPickerAndTab();
    // The picker searches 'Ana' once (Ben, of the blank search before, is gone); the answer is
    // fresh for 30 s.
    await user.type(picker(), 'Ana');
    // Both at once: while the search is under way no option shows, and 'Ben is gone' alone
    // would pass then.
    await waitFor(() => {
      expect(offered('Ben Cruz')).toBeNull();
      expect(offered('Ana Santos')).toBeTruthy();
    });
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await addPatientOnTheTab(user, { name: 'Ana Bautista', phone: '0920 555 0404' });

    await user.click(picker());
    expect(await screen.findByRole('option', { name: /^Ana Bautista,/ })).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await deletePatientOnTheTab(user, 'Ana Santos');

    await user.click(picker());
    await waitFor(() => {
      expect(offered('Ana Santos')).toBeNull();
      expect(offered('Ana Bautista')).toBeTruthy();
    });
  });

  it('find a patient by the name an edit just gave them', async () => {
    const user = userEvent.setup();
    await renderPickerAndTab();
    await user.type(picker(), 'Cruz');
    await waitFor(() => {
      expect(offered('Ana Santos')).toBeNull();
      expect(offered('Ben Cruz')).toBeTruthy();
    });
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
