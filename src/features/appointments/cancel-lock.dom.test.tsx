// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { rows, seed } from '@/testing/real-db';
import { mockStatusNotifications } from './status/testing/notification-service';
import AppointmentsTab from './tab';
import { renderWithQueries, setUpListScreen } from './testing/render-list';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// Wednesday 2030-01-09, 08:58 in Manila: Maria's 10:00 visit may still be cancelled, for two minutes.
setUpListScreen(new Date('2030-01-09T00:58:00Z'));

describe('the one-hour lock on Cancelled', () => {
  it('is asked again when staff confirm: a question left open past 9:00 changes nothing and sends nothing', async () => {
    await seed.dentists([{ id: 1, name: 'Dr. Ana Cruz' }]);
    await seed.patients([{ id: 1, name: 'Maria Santos', messenger_id: '2400001' }]);
    await seed.appointments([
      { id: 100, dentist_id: 1, patient_id: 1, appointment_time: '2030-01-09T10:00:00+08:00', status: 'Scheduled' },
    ]);
    const service = mockStatusNotifications();
    const user = userEvent.setup();
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    await screen.findByRole('heading', { name: /^Dr. Ana Cruz \(1 / }, { timeout: 5000 });
    const status = within(document.querySelector<HTMLTableRowElement>('tr[data-appointment-id="100"]')!).getByRole(
      'combobox',
    ) as HTMLSelectElement;

    await user.selectOptions(status, 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    vi.setSystemTime(new Date('2030-01-09T01:01:00Z'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));

    // The spec's dialog for a status change with a notice: 'Failed!', with the reason below.
    const failure = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(failure.textContent).toContain('There was a problem updating the status or sending the message.');
    expect(failure.textContent).toContain(
      'Nothing was changed: an appointment can no longer be cancelled within one hour of its time.',
    );
    expect((await rows('appointments', { id: 100 }))[0]?.status).toBe('Scheduled');
    expect(service.received).toHaveLength(0);
    fireEvent.click(within(failure).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
