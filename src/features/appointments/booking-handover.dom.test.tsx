// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestBooking, takeBookingIntent } from '@/entities/appointment';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { holdNext, rows, seed } from '@/testing/real-db';
import AppointmentsTab from './tab';
import { renderWithQueries, seedBookingBasics, setUpListScreen } from './testing/render-list';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// Wednesday 2030-01-09, 08:00 in Manila.
setUpListScreen(new Date('2030-01-09T00:00:00Z'));
const THURSDAY = '2030-01-10';

async function arrange() {
  await seed.clinics([{ id: 2 }]);
  await seedBookingBasics();
}

const MARIA = { id: 11, name: 'Maria Santos' };
/**
 * The Add Appointment form once its code and lists are loaded (a 'Loading…' dialog stands in until
 * then). A generous wait: the form is a chunk of its own, slow to load on a busy machine.
 */
async function addForm() {
  await screen.findByLabelText('Dentist', { selector: '.modal *' }, { timeout: 15_000 });
  return screen.getByRole('dialog', { name: 'Add Appointment' });
}
const patientIn = (dialog: HTMLElement) =>
  (within(dialog).getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value;

describe("Book in another tab (Recalls' booking requests)", () => {
  it('opens Add Appointment with the patient, who is booked once the rest is chosen', async () => {
    await arrange();
    requestBooking({ clinicId: 1, patient: MARIA });
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    const dialog = await addForm();
    expect(patientIn(dialog)).toBe('Maria Santos');

    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Dentist'), 'Dr. Andrea Villanueva');
    await user.click(dialog.querySelector<HTMLButtonElement>(`[data-date="${THURSDAY}"]`)!);
    await waitFor(() => expect(dialog.querySelector('[data-time="10:20"]')).not.toBeNull());
    await user.click(dialog.querySelector<HTMLButtonElement>('[data-time="10:20"]')!);
    await user.selectOptions(within(dialog).getByLabelText('Procedure Category'), 'Preventive Care');
    await user.selectOptions(within(dialog).getByLabelText('Procedure'), 'Oral Prophylaxis — ₱800.00');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Appointment booked!')).toBeTruthy();
    expect(await rows('appointments', { patient_id: 11 })).toMatchObject([
      { dentist_id: 1, clinic_id: 1, reason: 'Oral Prophylaxis' },
    ]);
  });

  it("opens with a treatment plan's dentist and procedure, and tells the plan the appointment booked", async () => {
    await arrange();
    const onBooked = vi.fn(async (_appointmentId: number) => undefined);
    requestBooking({ clinicId: 1, patient: MARIA, dentistId: 1, procedureId: 201, onBooked });
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    const dialog = await addForm();
    expect((within(dialog).getByLabelText('Dentist') as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByLabelText('Procedure') as HTMLSelectElement).value).toBe('201');

    const user = userEvent.setup();
    await user.click(dialog.querySelector<HTMLButtonElement>(`[data-date="${THURSDAY}"]`)!);
    await waitFor(() => expect(dialog.querySelector('[data-time="10:20"]')).not.toBeNull());
    await user.click(dialog.querySelector<HTMLButtonElement>('[data-time="10:20"]')!);
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('Appointment booked!')).toBeTruthy();
    const [booked] = await rows('appointments', { patient_id: 11 });
    expect(booked).toMatchObject({ dentist_id: 1, reason: 'Oral Prophylaxis' });
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(booked!.id));
  });

  it("tells the plan nothing when 'Edit Existing Appointment' saves the patient's other appointment instead", async () => {
    await arrange();
    // Maria already has Thursday 15:00, booked for something else.
    await seed.appointments([
      { id: 900, clinic_id: 1, dentist_id: 1, patient_id: 11, appointment_time: `${THURSDAY}T15:00:00+08:00` },
    ]);
    const onBooked = vi.fn(async (_appointmentId: number) => undefined);
    requestBooking({ clinicId: 1, patient: MARIA, dentistId: 1, procedureId: 201, onBooked });
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    const dialog = await addForm();

    const user = userEvent.setup();
    await user.click(dialog.querySelector<HTMLButtonElement>(`[data-date="${THURSDAY}"]`)!);
    await waitFor(() => expect(dialog.querySelector('[data-time="10:20"]')).not.toBeNull());
    await user.click(dialog.querySelector<HTMLButtonElement>('[data-time="10:20"]')!);
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Existing Appointment' }));
    // A loading dialog stands in until the appointment is read: look the form up each time.
    const edit = () => screen.getByRole('dialog', { name: 'Edit Appointment' });
    await waitFor(() => expect(edit().querySelector('[data-time="15:00"]')?.getAttribute('aria-pressed')).toBe('true'));
    await user.selectOptions(within(edit()).getByLabelText('Procedure Category'), 'Preventive Care');
    await user.selectOptions(within(edit()).getByLabelText('Procedure'), 'Oral Prophylaxis — ₱800.00');
    await user.click(within(edit()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Appointment updated!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rows('appointments', { patient_id: 11 })).toMatchObject([{ id: 900, reason: 'Oral Prophylaxis' }]);
    expect(onBooked).not.toHaveBeenCalled();
  });

  it('is acted on once: the form closed, Appointments opened again shows no form', async () => {
    await arrange();
    requestBooking({ clinicId: 1, patient: MARIA });
    const first = await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    const dialog = await addForm();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    await screen.findByTestId('appointments-summary');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(takeBookingIntent(1)).toBeNull();
  });

  it('opens the form for a request made while Appointments is on screen', async () => {
    await arrange();
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    await screen.findByTestId('appointments-summary');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => requestBooking({ clinicId: 1, patient: { id: 12, name: 'Jose Rizal' } }));
    const dialog = await addForm();
    expect(patientIn(dialog)).toBe('Jose Rizal');
  });

  it("leaves a request made in another clinic's tab", async () => {
    await arrange();
    requestBooking({ clinicId: 2, patient: { id: 99, name: 'Other Clinic Patient' } });
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    await screen.findByTestId('appointments-summary');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(takeBookingIntent(2)).toMatchObject({ patient: { id: 99 } });
  });
});

describe('Edit from the list', () => {
  const rowOf = (id: number) => document.querySelector<HTMLTableRowElement>(`tr[data-appointment-id="${id}"]`)!;
  const statusOf = (id: number) => within(rowOf(id)).getByRole('combobox') as HTMLSelectElement;
  const statusStored = async (id: number) => (await rows('appointments', { id }))[0]!.status;

  it('closes the form once the list shows the saved appointment, so a status change right after goes by it', async () => {
    await arrange();
    await seed.appointments([
      {
        id: 900,
        clinic_id: 1,
        dentist_id: 1,
        patient_id: 11,
        appointment_time: `${THURSDAY}T15:00:00+08:00`,
        status: 'Confirmed',
        reason: 'Oral Prophylaxis — Notes: upper left molar',
      },
    ]);
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    const user = userEvent.setup();
    await waitFor(() => expect(statusOf(900).value).toBe('Confirmed'), { timeout: 15_000 });
    await user.click(within(rowOf(900)).getByRole('button', { name: /^Edit appointment of Maria Santos/ }));
    // A loading dialog stands in until the form's code and the appointment are in: look it up each time.
    const edit = () => screen.getByRole('dialog', { name: 'Edit Appointment' });
    const notes = () => within(edit()).getByLabelText(/Additional Notes/) as HTMLTextAreaElement;
    await waitFor(() => expect(notes().value).toBe('upper left molar'), { timeout: 15_000 });
    await user.clear(notes());
    await user.type(notes(), 'upper right molar');
    const write = holdNext({ method: 'POST', rpc: 'update_appointment_as_read' });
    await user.click(within(edit()).getByRole('button', { name: 'Save' }));
    await write.reached;
    const reading = holdNext({ method: 'GET', table: 'appointments' });
    write.release();
    await reading.reached;

    // Saved (an edit puts the status back to Scheduled), the list not read again yet: the form waits.
    expect(await statusStored(900)).toBe('Scheduled');
    expect(edit()).toBeTruthy();
    expect(screen.queryByText('Appointment updated!')).toBeNull();
    reading.release();
    expect(await screen.findByText('Appointment updated!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusOf(900).value).toBe('Scheduled');
    await user.selectOptions(statusOf(900), 'Confirmed');
    expect(await screen.findByText('Status updated')).toBeTruthy();
    expect(await statusStored(900)).toBe('Confirmed');
  });
});
