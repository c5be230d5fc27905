// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChosenPatient } from '@/entities/patient';
import { PatientCombobox } from '@/features/appointments/booking/components/patient-combobox';
import {
  addPatientOnTheTab,
  deletePatientOnTheTab,
  renderBesideThePatientsTab,
} from '@/features/patients/testing/patients-tab';
import { seed, setupComponentTests } from '@/testing/real-db';

// Here, not in either feature: features do not import each other, and this is how the app uses both.
setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.patients([{ name: 'Ben Cruz', phone: '0918 555 0202' }]);
});

/** Add Appointment's Patient field. */
function BookingPicker() {
  const [chosen, setChosen] = useState<ChosenPatient | null>(null);
  return (
    <>
      <label htmlFor="picker">Appointment patient</label>
      <PatientCombobox id="picker" clinicId={1} value={chosen} invalid={false} onChange={setChosen} />
    </>
  );
}

const renderPickerAndTab = () => renderBesideThePatientsTab(<BookingPicker />);

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

    await addPatientOnTheTab(user, { name: 'Maria Dela Cruz', phone: '0920 555 0404' });

    await user.click(picker());
    expect(await screen.findByRole('option', { name: /^Maria Dela Cruz · 0920 555 0404$/ })).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Patients' }));

    await deletePatientOnTheTab(user, 'Maria Dela Cruz');

    await user.click(picker());
    await waitFor(() => expect(offered('Maria Dela Cruz')).toBeNull());
    expect(await screen.findByText('No patients match “Dela Cruz”.')).toBeTruthy();
  });
});
