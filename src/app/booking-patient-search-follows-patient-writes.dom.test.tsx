// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChosenPatient } from '@/entities/patient';
import { PatientCombobox } from '@/features/appointments/booking/components/patient-combobox';
import { PatientsView } from '@/features/patients/patients-screen';
import { renderSignedIn, seed, setupComponentTests } from '@/testing/real-db';

// Here, not in either feature: features do not import each other, and this is how the app uses both.
setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([{ name: 'Ben Cruz', phone: '0918 555 0202' }]);
});

/** Add Appointment's Patient field beside the Patients tab, in one app. */
function BookingPickerBesideThePatientsTab() {
  const [chosen, setChosen] = useState<ChosenPatient | null>(null);
  return (
    <>
      <label htmlFor="picker">Appointment patient</label>
      <PatientCombobox id="picker" clinicId={1} value={chosen} invalid={false} onChange={setChosen} />
      <PatientsView />
    </>
  );
}

async function renderPickerAndTab() {
  await renderSignedIn(<BookingPickerBesideThePatientsTab />, { role: 'receptionist' });
  await screen.findByText(/^Total number of patients: /);
}

const picker = () => screen.getByRole('combobox', { name: 'Appointment patient' });
const offered = (name: string) => screen.queryByRole('option', { name: new RegExp(`^${name}( ·|$)`) });

describe('the Add Appointment patient search', () => {
  it('finds a walk-in just registered and no longer offers a patient just deleted, within its 30 s of freshness', async () => {
    const user = userEvent.setup();
    await renderPickerAndTab();
    // The answer for 'Dela Cruz' (no one) is fresh for 30 s.
    await user.type(picker(), 'Dela Cruz');
    expect(await screen.findByText('No patients match “Dela Cruz”.')).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Patient' });
    await user.type(within(modal).getByLabelText('Name'), 'Maria Dela Cruz');
    await user.type(within(modal).getByLabelText('Phone'), '0920 555 0404');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByText('Patient added!');

    await user.click(picker());
    expect(await screen.findByRole('option', { name: /^Maria Dela Cruz · 0920 555 0404$/ })).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await user.click(screen.getByRole('button', { name: 'Delete Maria Dela Cruz' }));
    await screen.findByText('Are you sure you want to delete this profile?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Patient deleted!');

    await user.click(picker());
    await waitFor(() => expect(offered('Maria Dela Cruz')).toBeNull());
    expect(await screen.findByText('No patients match “Dela Cruz”.')).toBeTruthy();
  });
});
