import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderSignedIn } from '@/testing/real-db';
import { PatientsView } from '../patients-screen';

/** A form's Patient field beside the Patients tab, in one app, as a receptionist; once the tab's list is in. */
export async function renderBesideThePatientsTab(field: ReactNode) {
  await renderSignedIn(
    <>
      {field}
      <PatientsView />
    </>,
    { role: 'receptionist' },
  );
  await screen.findByText(/^Total number of patients: /);
}

/** Registers a patient with the tab's Add Patient form, as the desk does. */
export async function addPatientOnTheTab(user: UserEvent, patient: { name: string; phone: string }) {
  await user.click(screen.getByRole('button', { name: 'Add Patient' }));
  const modal = await screen.findByRole('dialog', { name: 'Add Patient' });
  await user.type(within(modal).getByLabelText('Name'), patient.name);
  await user.type(within(modal).getByLabelText('Phone'), patient.phone);
  await user.click(within(modal).getByRole('button', { name: 'Save' }));
  await screen.findByText('Patient added!');
}

/** Deletes a patient from the tab, answering its question Yes. */
export async function deletePatientOnTheTab(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  await screen.findByText('Are you sure you want to delete this profile?');
  fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
  await screen.findByText('Patient deleted!');
}
