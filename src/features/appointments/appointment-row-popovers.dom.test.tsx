// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { patientChartKey } from '@/entities/patient';
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

// Wednesday 2030-01-09, 08:00 in Manila.
const NOW = new Date('2030-01-09T00:00:00Z');
const NOTES = 'Upper left molar, sensitive to cold; the patient prefers mornings and asks for a call first.';

setUpListScreen(NOW);

/** Maria's 9:20 appointment today with an open late cancellation request; Jose's with notes. */
async function openList() {
  await seed.dentists([{ id: 1, name: 'Dr. Ana Cruz' }]);
  await seed.patients([
    { id: 1, name: 'Maria Santos', messenger_id: '2400001' },
    { id: 2, name: 'Jose Rizal', messenger_id: null },
  ]);
  await seed.appointments([
    { id: 100, clinic_id: 1, dentist_id: 1, patient_id: 1, appointment_time: '2030-01-09T09:20:00+08:00' },
    {
      id: 101,
      clinic_id: 1,
      dentist_id: 1,
      patient_id: 2,
      appointment_time: '2030-01-09T11:00:00+08:00',
      reason: `Composite Filling — Notes: ${NOTES}`,
    },
  ]);
  await seed.appointment_flags([
    {
      id: 7,
      clinic_id: 1,
      kind: 'late_cancellation_request',
      appointment_id: 100,
      note: 'The patient tapped Cancel 40 minutes before.',
      created_at: '2030-01-09T00:40:00+00:00',
    },
    // Handled already: not shown.
    {
      id: 8,
      clinic_id: 1,
      kind: 'late_cancellation_request',
      appointment_id: 101,
      note: 'The patient tapped Cancel, then came anyway.',
      resolved_at: '2030-01-08T00:00:00+00:00',
    },
  ]);
  const service = mockStatusNotifications();
  const user = userEvent.setup();
  const { queryClient } = await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
  await screen.findByRole('heading', { name: 'Dr. Ana Cruz (2 appointments)' }, { timeout: 5000 });
  return { service, user, queryClient };
}

const rowOf = (id: number) => document.querySelector<HTMLTableRowElement>(`tr[data-appointment-id="${id}"]`)!;

describe("a patient's late cancellation request on the row", () => {
  it("flags the row, says 'Patient asked to cancel — call them' in its panel; 'Keep appointment' marks it handled and the badge goes", async () => {
    const { user } = await openList();
    const badge = await within(rowOf(100)).findByRole('button', { name: /^Asked to cancel: Maria Santos/ });
    expect(within(rowOf(101)).queryByRole('button', { name: /^Asked to cancel/ })).toBeNull();

    await user.click(badge);
    const panel = screen.getByRole('group', { name: /^Late cancellation request of Maria Santos/ });
    expect(panel.textContent).toContain('Patient asked to cancel — call them');
    expect(panel.textContent).toContain('The patient tapped Cancel 40 minutes before.');
    expect(panel.textContent).toContain('Asked Jan 9, 2030, 8:40 AM');
    await user.click(within(panel).getByRole('button', { name: 'Keep appointment' }));

    await waitFor(() => expect(within(rowOf(100)).queryByRole('button', { name: /^Asked to cancel/ })).toBeNull());
    expect((await rows('appointment_flags', { id: 7 }))[0]!.resolved_at).not.toBeNull();
    expect((await rows('appointments', { id: 100 }))[0]!.status).toBe('Scheduled');
  });

  it("'Cancel appointment' asks as a status change to Cancelled does, then cancels, notifies the patient and has her chart read again", async () => {
    const { service, user, queryClient } = await openList();
    // Maria's chart (her visits, her plan's bookings) as cached elsewhere in the app.
    const chart = [...patientChartKey(1, 1), 'appointments'];
    queryClient.setQueryData(chart, []);
    await user.click(await within(rowOf(100)).findByRole('button', { name: /^Asked to cancel: / }));
    await user.click(screen.getByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));
    expect(await screen.findByText('Status updated & patient notified!')).toBeTruthy();
    expect((await rows('appointments', { id: 100 }))[0]!.status).toBe('Cancelled');
    expect(service.received).toEqual([{ appointmentId: 100, body: { status: 'Cancelled', clinic_id: 1 } }]);
    expect(queryClient.getQueryState(chart)?.isInvalidated).toBe(true);
  });
});

describe('the notes of a row', () => {
  it('open in full by click or tap (no hover-only tooltip) and close with Esc, focus back on the button', async () => {
    const { user } = await openList();
    const button = within(rowOf(101)).getByRole('button', { name: /^Composite Filling\s*Notes: Upper left molar/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const panel = screen.getByRole('group', { name: /^Procedure and notes of Jose Rizal/ });
    expect(within(panel).getByText(NOTES)).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /^Procedure and notes of / })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
