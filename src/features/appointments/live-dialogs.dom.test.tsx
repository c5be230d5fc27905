// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_UPDATED } from '@common/contract';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { realStack, seed } from '@/testing/real-db';
import AppointmentsTab from './tab';
import { renderWithQueries, seedBookingBasics, setUpListScreen } from './testing/render-list';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// Wednesday 2030-01-09, 08:00 in Manila.
setUpListScreen(new Date('2030-01-09T00:00:00Z'));

async function arrange() {
  await seedBookingBasics();
  await seed.appointments([
    { id: 100, clinic_id: 1, dentist_id: 1, patient_id: 11, appointment_time: '2030-01-09T14:00:00+08:00' },
  ]);
}

/** Another desk books Jose at 3:00 PM and confirms Maria's: the rows land, then the service's events. */
async function changesElsewhere() {
  await seed.appointments([
    { id: 101, clinic_id: 1, dentist_id: 1, patient_id: 12, appointment_time: '2030-01-09T15:00:00+08:00' },
  ]);
  await realStack().query(`update public.appointments set status = 'Confirmed' where id = 100`);
  const common = { clinic_id: 1, dentist_id: 1, deleted: false, dentist_name: 'Dr. Andrea Villanueva' };
  fakeRealtime.emit(APPOINTMENT_UPDATED, {
    ...common,
    id: 101,
    patient_id: 12,
    patient_name: 'Jose Rizal',
    appointment_time: '2030-01-09T07:00:00+00:00',
    status: 'Scheduled',
  });
  fakeRealtime.emit(APPOINTMENT_UPDATED, {
    ...common,
    id: 100,
    patient_id: 11,
    patient_name: 'Maria Santos',
    appointment_time: '2030-01-09T06:00:00+00:00',
    status: 'Confirmed',
  });
}

describe('Appointments dialogs while live events change the list', () => {
  it('keep Add Appointment open with what was typed', async () => {
    await arrange();
    const user = userEvent.setup();
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    await waitFor(() => expect(document.querySelector('tr[data-appointment-id="100"]')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));
    // A generous wait: the form is a chunk of its own, slow to load on a busy machine.
    await screen.findByLabelText('Dentist', { selector: '.modal *' }, { timeout: 15_000 });
    const dialog = screen.getByRole('dialog', { name: 'Add Appointment' });
    await user.selectOptions(within(dialog).getByLabelText('Dentist'), 'Dr. Andrea Villanueva');
    await user.type(within(dialog).getByLabelText(/Additional Notes/), 'upper left molar');

    await changesElsewhere();
    await waitFor(() => expect(document.querySelector('tr[data-appointment-id="101"]')).not.toBeNull());

    expect(screen.getByRole('dialog', { name: 'Add Appointment' })).toBe(dialog);
    expect((within(dialog).getByLabelText('Dentist') as HTMLSelectElement).value).toBe('1');
    expect((within(dialog).getByLabelText(/Additional Notes/) as HTMLTextAreaElement).value).toBe('upper left molar');
  });
});
