/**
 * The Add/Edit Appointment form's component tests (components/appointment-form-modal*.dom.test.tsx,
 * two files so that they run side by side): clinic 1's data in the file's real database, the form
 * rendered on it, and the controls the tests use. The database's own booking rules (triggers
 * enforce_appointment_rules and guard_browser_booking) refuse what the form must not write.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { databaseErrorCodeOf } from '@common/contract/error-codes';
import type { AppointmentRow } from '@/lib/database.types';
import { prepareDom, rows, seed } from '@/testing/real-db';
import { AppointmentFormModal, type AppointmentFormModalProps } from '../components/appointment-form-modal';
import { renderWithQueries } from './render';

export const MANILA = 'Asia/Manila';
// Wednesday 9 January 2030, 10:05 in Manila (02:05Z): 9:00–10:00 have begun, 10:20 has not.
export const NOW = new Date('2030-01-09T02:05:00Z');
export const THURSDAY = '2030-01-10';

export function startFormModalTest() {
  prepareDom();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

export function endFormModalTest() {
  cleanup();
  // sweetalert2 leaves its container behind when a test ends with a dialog open.
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

export const APPOINTMENTS: Partial<AppointmentRow>[] = [
  // Thursday 11:00 Manila with Dr. Andrea, another patient.
  { id: 501, dentist_id: 1, patient_id: 13, appointment_time: '2030-01-10T03:00:00Z', reason: 'Dental Consultation' },
];

/**
 * Clinic 1 (Manila) with its dentists, patients, price list, Dr. Andrea's block on Thursday
 * 14:00–15:00 and these appointments, stored as the database owner.
 */
export async function arrange(appointments: Partial<AppointmentRow>[]) {
  await seed.clinics([{ id: 1 }, { id: 2 }]);
  await seed.dentists([
    { id: 1, name: 'Dr. Andrea Villanueva' },
    { id: 2, name: 'dr. paolo dimaculangan' },
    { id: 3, name: 'Dr. Ramon Bautista', is_active: false },
    { id: 4, name: 'Dr. Gone', deleted: true },
    { id: 5, name: 'Dr. Other Clinic', clinic_id: 2 },
  ]);
  await seed.patients([
    { id: 11, name: 'Maria Santos', phone: '+63 917 111 1111' },
    { id: 12, name: 'Jose Rizal', phone: '+63 917 222 2222' },
    { id: 13, name: 'Ana Cruz', phone: '+63 917 333 3333', messenger_id: 'psid-ana' },
    { id: 14, name: 'Old Patient', deleted: true },
    { id: 15, name: 'Ana Other Clinic', clinic_id: 2 },
  ]);
  await seed.procedure_categories([
    { id: 1, name: 'Restorative' },
    { id: 2, name: 'Preventive Care' },
    { id: 3, clinic_id: 2, name: 'Other Clinic Care' },
  ]);
  await seed.procedures([
    { id: 101, category_id: 1, name: 'Temporary Filling', price: 700 },
    { id: 102, category_id: 1, name: 'Composite Filling', price: 1500 },
    { id: 201, category_id: 2, name: 'Dental Consultation', price: 500 },
    { id: 301, category_id: 3, clinic_id: 2, name: 'Other Clinic Cleaning', price: 900 },
  ]);
  await seed.appointments(appointments.map((row) => ({ clinic_id: 1, reason: null, ...row })));
  await seed.dentist_availability([
    { dentist_id: 1, specific_date: THURSDAY, start_time: '14:00:00', end_time: '15:00:00', is_available: false },
  ]);
}

/** The stored appointments of a patient, in id order. */
export const appointmentsOf = (patientId: number) => rows('appointments', { patient_id: patientId });
/** The stored appointment with this id. */
export const storedAppointment = async (id: number) => (await rows('appointments', { id }))[0]!;
export const instant = (time: string) => new Date(time).toISOString();

/** Arranges clinic 1 with these appointments, then renders the form signed in as a receptionist. */
export async function render(props: Partial<AppointmentFormModalProps> = {}, appointments = APPOINTMENTS) {
  await arrange(appointments);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const user = userEvent.setup();
  const rendered = await renderWithQueries(
    <AppointmentFormModal clinicId={1} timeZone={MANILA} onClose={onClose} onSaved={onSaved} {...props} />,
  );
  return { onClose, onSaved, user, ...rendered };
}

export const dialog = () => screen.getAllByRole('dialog')[0]!;
export const dentistSelect = () => screen.getByLabelText('Dentist') as HTMLSelectElement;
export const categorySelect = () => screen.getByLabelText('Procedure Category') as HTMLSelectElement;
export const procedureSelect = () => screen.getByLabelText('Procedure') as HTMLSelectElement;
export const patientInput = () => screen.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement;
export const submitButton = (name: 'Book' | 'Save' = 'Book') => within(dialog()).getByRole('button', { name });
export const slot = (time: string) => document.querySelector<HTMLButtonElement>(`[data-time="${time}"]`);
export const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
export const slotStates = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll<HTMLElement>('[data-time]')).map((el) => [el.dataset.time, el.dataset.state]),
  );
export const swalTitle = () => document.querySelector('.swal2-title')?.textContent;
export const swalText = () => document.querySelector('.swal2-html-container')?.textContent;

export async function ready() {
  await screen.findByLabelText('Dentist');
}

export async function choosePatient(user: ReturnType<typeof userEvent.setup>, typed: string, name: string) {
  await user.clear(patientInput());
  await user.type(patientInput(), typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

/** Fills the whole form for Dr. Andrea on Thursday 10:20, Composite Filling. */
export async function fillForm(user: ReturnType<typeof userEvent.setup>, patient = 'Maria Santos') {
  await user.selectOptions(dentistSelect(), 'Dr. Andrea Villanueva');
  await choosePatient(user, patient.slice(0, 4), patient);
  await user.click(day(THURSDAY));
  await waitFor(() => expect(slot('10:20')).toBeTruthy());
  await user.click(slot('10:20')!);
  await user.selectOptions(categorySelect(), 'Restorative');
  await user.selectOptions(procedureSelect(), 'Composite Filling — ₱1,500.00');
}

/**
 * The code (common/contract/error-codes.ts) of the database's refusal that the form logged when
 * its save failed: which of the real booking rules refused.
 */
export function loggedRefusalCode() {
  const logged = vi
    .mocked(console.error)
    .mock.calls.find(([text]) => text === 'Ngiti: saving an appointment failed')?.[1];
  return databaseErrorCodeOf(logged instanceof Error ? logged.cause : logged);
}

export async function dismissAlert() {
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(document.querySelector('.swal2-popup')).toBeNull());
}
