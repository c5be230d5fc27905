// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_UPDATED } from '@common/contract';
import type { AppointmentRow } from '@/lib/database.types';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { failNext, holdNext, pgError, realStack, rows, seed } from '@/testing/real-db';
import { mockStatusNotifications } from './status/testing/notification-service';
import AppointmentsTab from './tab';
import { renderWithQueries, setUpListScreen } from './testing/render-list';

// The factory must not import fake-realtime itself: that module imports the realtime client, which
// would wait for this very factory. `fakeRealtime` is looked up when the screen subscribes.
vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

// The form and the Reminder modal are other parts of the feature: stand-ins show what they were opened with.
vi.mock('./booking/components/appointment-form-modal', () => ({
  AppointmentFormModal: (props: { appointmentId?: number; prefill?: unknown; onClose(): void }) => (
    <div role="dialog" aria-label={props.appointmentId ? `Edit appointment ${props.appointmentId}` : 'Add appointment'}>
      {JSON.stringify(props.prefill ?? null)}
      <button type="button" onClick={props.onClose}>
        Close form
      </button>
    </div>
  ),
}));
vi.mock('./reminders/components/reminder-modal', () => ({
  ReminderModal: (props: { appointmentId: number }) => (
    <div role="dialog" aria-label={`Reminders of appointment ${props.appointmentId}`} />
  ),
}));

// Wednesday 2030-01-09, 08:00 in Manila (the clinic's zone); the tests run under other zones too.
const NOW = new Date('2030-01-09T00:00:00Z');

setUpListScreen(NOW);

/**
 * Stores clinic 1 (Manila) with these dentists, patients and appointments (reason 'Dental
 * Consultation' unless told), and answers the notification service; returns the service.
 */
async function arrange(data: {
  dentists: Parameters<typeof seed.dentists>[0];
  patients: Parameters<typeof seed.patients>[0];
  appointments: Partial<AppointmentRow>[];
}) {
  await seed.clinics([{ id: 2 }]);
  // The database books nobody with a deleted dentist: a deleted one was deleted after the booking.
  await seed.dentists(data.dentists.map((dentist) => ({ ...dentist, deleted: false })));
  await seed.patients(data.patients);
  await seed.appointments(data.appointments.map((row) => ({ clinic_id: 1, reason: 'Dental Consultation', ...row })));
  const deleted = data.dentists.filter((dentist) => dentist.deleted).map((dentist) => dentist.id);
  if (deleted.length > 0)
    await realStack().query('update public.dentists set deleted = true where id = any($1::bigint[])', [deleted]);
  return mockStatusNotifications();
}

const arrangeList = () =>
  arrange({
    dentists: [
      { id: 1, name: 'Dr. Ana Cruz' },
      { id: 2, name: 'Dr. Ben Reyes' },
      { id: 3, name: 'Dr. Carla Lim' },
      { id: 4, name: 'Dr. Gone', deleted: true },
      { id: 5, name: 'Dr. Other Clinic', clinic_id: 2 },
    ],
    patients: [
      { id: 1, name: 'Maria Santos', messenger_id: '2400001' },
      { id: 2, name: 'Jose Rizal', messenger_id: null },
      { id: 3, name: 'Ana Garcia', messenger_id: '2400003' },
      { id: 4, name: 'Other Clinic Patient', clinic_id: 2 },
    ],
    appointments: [
      {
        id: 100,
        dentist_id: 1,
        patient_id: 1,
        appointment_time: '2030-01-09T14:00:00+08:00',
        status: 'Scheduled',
        booking_origin: 'Messenger Bot',
        reason: 'Composite Filling — Notes: upper left molar',
      },
      {
        id: 101,
        dentist_id: 1,
        patient_id: 2,
        appointment_time: '2030-01-08T09:00:00+08:00',
        status: 'Confirmed',
        booking_origin: 'walk-in',
        guardian_messenger_id: '2500009',
        reason: 'Dental Consultation',
      },
      {
        id: 102,
        dentist_id: 2,
        patient_id: 3,
        appointment_time: '2030-01-09T09:20:00+08:00',
        status: 'Scheduled',
        reason: null,
      },
      { id: 103, dentist_id: 2, patient_id: 1, appointment_time: '2030-01-02T11:00:00+08:00', status: 'Completed' },
      { id: 104, dentist_id: 1, patient_id: 1, appointment_time: '2030-02-04T10:00:00+08:00', status: 'Scheduled' },
      { id: 105, dentist_id: 1, patient_id: 2, appointment_time: '2030-01-10T10:00:00+08:00', deleted: true },
      { id: 106, dentist_id: 4, patient_id: 2, appointment_time: '2030-01-15T10:00:00+08:00', status: 'No Show' },
      { id: 107, dentist_id: 2, patient_id: 3, appointment_time: '2027-05-03T10:00:00+08:00', status: 'Cancelled' },
      // Earlier than the first January midnight in Manila (it is still December 31 there); cancelled,
      // as the clinic is closed at that hour and the database holds no live booking then.
      { id: 108, dentist_id: 2, patient_id: 3, appointment_time: '2029-12-31T15:59:00Z', status: 'Cancelled' },
      // Another clinic's, this month.
      { id: 109, clinic_id: 2, dentist_id: 5, patient_id: 4, appointment_time: '2030-01-09T10:00:00+08:00' },
    ],
  });
/** Appointment `id` as stored. */
const stored = async (id: number) => (await rows('appointments', { id }))[0]!;
/** A change made in another tab, straight in the database. */
const setElsewhere = (id: number, column: 'status' | 'deleted', value: string | boolean) =>
  realStack().query(`update public.appointments set ${column} = $2 where id = $1`, [id, value]);

const summary = () => screen.getByTestId('appointments-summary').textContent;
const cardTitles = () =>
  within(screen.getByTestId('appointments-cards'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent);
const rowOf = (id: number) => document.querySelector<HTMLTableRowElement>(`tr[data-appointment-id="${id}"]`)!;
const statusOf = (id: number) => within(rowOf(id)).getByRole('combobox') as HTMLSelectElement;

async function openList() {
  const service = await arrangeList();
  const user = userEvent.setup();
  const rendered = await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
  // A generous wait: the first render also loads the feature's modules, slow on a busy machine.
  await screen.findByRole('heading', { name: 'Dr. Ana Cruz (2 appointments)' }, { timeout: 5000 });
  return { service, user, ...rendered };
}

describe('the Appointments list', () => {
  it('shows a loading state, not "Total: 0", until the appointments have arrived', async () => {
    await arrangeList();
    const held = holdNext({ method: 'GET', table: 'appointments' });
    await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
    await held.reached;
    expect(await screen.findByText('Loading appointments…', {}, { timeout: 5000 })).toBeTruthy();
    expect(summary()).toBe('');
    held.release();
    await waitFor(() => expect(summary()).toBe('Total: 5 appointment(s) this month'));
  });

  it("asks for the modals' code when the browser is idle after the rows have come, not while they are read", async () => {
    await arrangeList();
    // What the summary said each time the page asked for an idle moment.
    const summaryWhenAsked: (string | null)[] = [];
    vi.stubGlobal('requestIdleCallback', () => {
      summaryWhenAsked.push(screen.queryByTestId('appointments-summary')?.textContent ?? null);
      return summaryWhenAsked.length;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const held = holdNext({ method: 'GET', table: 'appointments' });
      await renderWithQueries(<AppointmentsTab />, { role: 'receptionist' });
      await held.reached;
      await screen.findByText('Loading appointments…', {}, { timeout: 5000 });
      expect(summaryWhenAsked).toEqual([]);
      held.release();
      await waitFor(() => expect(summaryWhenAsked).toHaveLength(1));
      expect(summaryWhenAsked[0]).toBe('Total: 5 appointment(s) this month');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens on this month in clinic time with the summary, the dentist counts and one card per dentist who has appointments', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
    expect(summary()).toBe('Total: 5 appointment(s) this month');
    expect(optionsOf('Dentist')).toEqual([
      'All Dentists (5)',
      'Dr. Ana Cruz (2)',
      'Dr. Ben Reyes (2)',
      'Dr. Carla Lim (0)',
    ]);
    expect(cardTitles()).toEqual([
      'Dr. Ana Cruz (2 appointments)',
      'Dr. Ben Reyes (2 appointments)',
      'Dr. Gone (1 appointments)',
    ]);
    expect((screen.getByLabelText('View') as HTMLSelectElement).value).toBe('monthly');
    expect(optionsOf('View')).toEqual(['Monthly', 'Weekly', 'Daily']);
    expect((screen.getByLabelText('Month') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('January');
    expect(optionsOf('Month')).toHaveLength(12);
    // Two years back is 2028; the earliest appointment (2027) reaches further.
    await waitFor(() => expect(optionsOf('Year')).toEqual(['2027', '2028', '2029', '2030']), { timeout: 5000 });
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('2030');
    expect(screen.queryByLabelText('Week')).toBeNull();
    expect(screen.queryByLabelText('Day')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Appointment' })).toBeTruthy();
    // Neither the deleted appointment (105), nor another clinic's (109), nor December 31 in Manila (108).
    expect(screen.queryByText('Other Clinic Patient')).toBeNull();
    expect(rowOf(105)).toBeNull();
    expect(rowOf(108)).toBeNull();
  });

  it('shows the table columns and, per row, the patient, ID, Messenger ids, long date, 12-hour time, procedure and origin', async () => {
    await openList();
    const table = screen.getByRole('table', { name: 'Dr. Ana Cruz (2 appointments)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Patient / Date & Time', 'Procedure', 'Origin', 'Status', 'Actions']);
    // Rows by time: the 8th before the 9th.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-appointment-id')),
    ).toEqual(['101', '100']);
    const cells = within(rowOf(100)).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe(
      'Maria SantosAppointment ID: 100Messenger: 2400001Guardian: N/AJanuary 9, 2030 · 2:00 PM',
    );
    expect(cells[1]!.textContent).toBe('Composite FillingNotes: upper left molar');
    expect(cells[2]!.textContent).toBe('Messenger');
    expect(within(rowOf(101)).getAllByRole('cell')[0]!.textContent).toContain('Messenger: N/AGuardian: 2500009');
    expect(within(rowOf(101)).getAllByRole('cell')[2]!.textContent).toBe('walk-in');
    expect(within(rowOf(102)).getAllByRole('cell')[2]!.textContent).toBe('System');
    expect(within(rowOf(102)).getAllByRole('cell')[1]!.textContent).toBe('—');
  });

  it("flags only overdue Scheduled or Confirmed rows with 'Needs status update'", async () => {
    await openList();
    expect(within(rowOf(101)).getByText('Needs status update')).toBeTruthy();
    expect(within(rowOf(100)).queryByText('Needs status update')).toBeNull();
    expect(within(rowOf(103)).queryByText('Needs status update')).toBeNull();
  });

  it('offers only the statuses the rules allow at this moment, in the status colour', async () => {
    await openList();
    const enabled = (id: number) =>
      Array.from(statusOf(id).options)
        .filter((option) => !option.disabled)
        .map((option) => option.value);
    expect(enabled(100)).toEqual(['Scheduled', 'Confirmed', 'Cancelled']);
    expect(enabled(101)).toEqual(['Completed', 'No Show']);
    expect(enabled(102)).toEqual(['Scheduled', 'Confirmed', 'Cancelled']);
    expect(statusOf(100).dataset.colour).toBe('grey');
    expect(statusOf(101).dataset.colour).toBe('green');
    expect(statusOf(103).dataset.colour).toBe('blue');
    expect(statusOf(106).dataset.colour).toBe('orange');
  });

  it('narrows to one dentist, keeping a chosen dentist without appointments as an empty card', async () => {
    const { user } = await openList();
    await user.selectOptions(screen.getByLabelText('Dentist'), 'Dr. Ben Reyes (2)');
    expect(summary()).toBe('Total: 2 appointment(s) this month');
    expect(cardTitles()).toEqual(['Dr. Ben Reyes (2 appointments)']);
    await user.selectOptions(screen.getByLabelText('Dentist'), 'Dr. Carla Lim (0)');
    expect(summary()).toBe('Total: 0 appointment(s) this month');
    expect(cardTitles()).toEqual(['Dr. Carla Lim (0 appointments)']);
    expect(screen.getByText('No appointments in this period.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Dentist'), 'All Dentists (5)');
    expect(cardTitles()).toHaveLength(3);
  });

  it("switches to Weekly (this week by default) and Daily (today), counting the period's rows", async () => {
    const { user } = await openList();
    await user.selectOptions(screen.getByLabelText('View'), 'Weekly');
    // January 2030 starts on a Tuesday: Week 1 is the 1st–6th, the 9th is in Week 2.
    expect(optionsOf('Week')).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4', 'Week 5']);
    expect((screen.getByLabelText('Week') as HTMLSelectElement).value).toBe('2');
    expect(summary()).toBe('Total: 3 appointment(s) this week');
    expect(optionsOf('Dentist')[0]).toBe('All Dentists (3)');
    await user.selectOptions(screen.getByLabelText('Week'), 'Week 1');
    expect(summary()).toBe('Total: 1 appointment(s) this week');
    expect(cardTitles()).toEqual(['Dr. Ben Reyes (1 appointments)']);

    await user.selectOptions(screen.getByLabelText('View'), 'Daily');
    expect(screen.queryByLabelText('Week')).toBeNull();
    expect((screen.getByLabelText('Day') as HTMLSelectElement).value).toBe('9');
    expect(optionsOf('Day')).toHaveLength(31);
    expect(summary()).toBe('Total: 2 appointment(s) today');
    await user.selectOptions(screen.getByLabelText('Day'), '15');
    expect(summary()).toBe('Total: 1 appointment(s) today');
    expect(cardTitles()).toEqual(['Dr. Gone (1 appointments)']);
  });

  it('reads another year when one is chosen, and another month from the year already read', async () => {
    const { user } = await openList();
    // Booked elsewhere after the year was read, with no live event: February shows what was read.
    await seed.appointments([
      { clinic_id: 1, dentist_id: 2, patient_id: 2, appointment_time: '2030-02-05T10:00:00+08:00' },
    ]);
    await user.selectOptions(screen.getByLabelText('Month'), 'February');
    expect(summary()).toBe('Total: 1 appointment(s) this month');
    expect(cardTitles()).toEqual(['Dr. Ana Cruz (1 appointments)']);
    await user.selectOptions(screen.getByLabelText('Year'), '2029');
    await user.selectOptions(screen.getByLabelText('Month'), 'December');
    await waitFor(() => expect(summary()).toBe('Total: 1 appointment(s) this month'));
    expect(cardTitles()).toEqual(['Dr. Ben Reyes (1 appointments)']);
    // The card's rows follow the list's placement, measured after the frame that drew the card.
    await waitFor(() => expect(rowOf(108)).toBeTruthy());
  });

  it('collapses and expands a card', async () => {
    const { user } = await openList();
    const toggle = screen.getByRole('button', { name: 'Collapse Dr. Ana Cruz (2 appointments)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Dr. Ana Cruz (2 appointments)' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Dr. Ben Reyes (2 appointments)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand Dr. Ana Cruz (2 appointments)' }));
    expect(screen.getByRole('table', { name: 'Dr. Ana Cruz (2 appointments)' })).toBeTruthy();
  });

  it('shows an empty list without a message when the appointments cannot be read', async () => {
    await arrangeList();
    failNext({ method: 'GET', table: 'appointments' }, pgError('XX000', 'internal error'), { times: 100 });
    await renderWithQueries(<AppointmentsTab />);
    await waitFor(() => expect(screen.getByText('No appointments in this period.')).toBeTruthy());
    expect(summary()).toBe('Total: 0 appointment(s) this month');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is open to every role, the dentist included', async () => {
    await arrangeList();
    await renderWithQueries(<AppointmentsTab />, { role: 'dentist' });
    expect(await screen.findByRole('heading', { name: 'Dr. Ana Cruz (2 appointments)' })).toBeTruthy();
  });

  it('opens the form for Add and for Edit, and the Reminder modal from the bell', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Add Appointment' }));
    expect(screen.getByRole('dialog', { name: 'Add appointment' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close form' }));
    await user.click(within(rowOf(100)).getByRole('button', { name: /^Edit appointment of Maria Santos/ }));
    expect(screen.getByRole('dialog', { name: 'Edit appointment 100' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close form' }));
    await user.click(within(rowOf(101)).getByRole('button', { name: /^Reminders for Jose Rizal/ }));
    // Its own chunk: it comes once that has loaded.
    expect(await screen.findByRole('dialog', { name: 'Reminders of appointment 101' })).toBeTruthy();
  });
});

describe('changing a status', () => {
  it("updates Scheduled → Confirmed directly, says 'Status updated' and calls no service", async () => {
    const { service, user } = await openList();
    await user.selectOptions(statusOf(100), 'Confirmed');
    expect(await screen.findByText('Status updated')).toBeTruthy();
    expect((await stored(100)).status).toBe('Confirmed');
    expect((await stored(102)).status).toBe('Scheduled');
    await waitFor(() => expect(statusOf(100).value).toBe('Confirmed'));
    expect(service.received).toHaveLength(0);
  });

  it('keeps the row busy until the list shows the new status, so the next change goes by it', async () => {
    const { user } = await openList();
    const write = holdNext({ method: 'PATCH', table: 'appointments' });
    await user.selectOptions(statusOf(100), 'Confirmed');
    await write.reached;
    const reading = holdNext({ method: 'GET', table: 'appointments' });
    write.release();
    await reading.reached;
    // Stored, and the list is being read again: the row waits for it.
    expect((await stored(100)).status).toBe('Confirmed');
    expect(statusOf(100).disabled).toBe(true);
    expect(screen.queryByText('Status updated')).toBeNull();
    reading.release();
    expect(await screen.findByText('Status updated')).toBeTruthy();
    expect(statusOf(100)).toMatchObject({ value: 'Confirmed', disabled: false });
    await user.selectOptions(statusOf(100), 'Scheduled');
    await waitFor(() => expect(screen.getAllByText('Status updated')).toHaveLength(2));
    expect((await stored(100)).status).toBe('Scheduled');
  });

  it("shows 'Failed to update status!' when the direct update fails", async () => {
    const { user } = await openList();
    failNext({ method: 'PATCH', table: 'appointments' }, pgError('XX000', 'boom'));
    await user.selectOptions(statusOf(100), 'Confirmed');
    const dialog = await screen.findByRole('dialog', { name: 'Failed to update status!' });
    expect(dialog.textContent).toContain('There was a problem updating the appointment status.');
    expect(dialog.textContent).not.toContain('boom');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(statusOf(100).value).toBe('Scheduled'));
    expect((await stored(100)).status).toBe('Scheduled');
  });

  it("asks before Completed, sends the custom message, and says 'Status updated & patient notified!'", async () => {
    const { service, user } = await openList();
    await user.selectOptions(statusOf(101), 'Completed');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Completed?' });
    await user.type(within(dialog).getByRole('textbox'), '  Thank you for visiting!  ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));
    expect(await screen.findByText('Status updated & patient notified!')).toBeTruthy();
    expect((await stored(101)).status).toBe('Completed');
    expect(service.received).toEqual([
      { appointmentId: 101, body: { status: 'Completed', message: 'Thank you for visiting!', clinic_id: 1 } },
    ]);
    await waitFor(() => expect(statusOf(101).value).toBe('Completed'));
  });

  it('leaves the message out when it is blank, e.g. for Cancelled', async () => {
    const { service, user } = await openList();
    await user.selectOptions(statusOf(102), 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    expect(dialog.textContent).toContain('Ana Garcia will be notified on Messenger.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));
    expect(await screen.findByText('Status updated & patient notified!')).toBeTruthy();
    expect(service.received).toEqual([{ appointmentId: 102, body: { status: 'Cancelled', clinic_id: 1 } }]);
    expect(await stored(102)).toMatchObject({ status: 'Cancelled', cancel_reason: null });
  });

  it("keeps the clinic's reason with a cancellation, never sending it to the patient", async () => {
    const { service, user } = await openList();
    await user.selectOptions(statusOf(102), 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    const reason = within(dialog).getByRole('combobox', {
      name: 'Reason for cancelling (optional, kept by the clinic, not sent)',
    });
    await user.selectOptions(reason, 'Patient is ill');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));
    expect(await screen.findByText('Status updated & patient notified!')).toBeTruthy();
    expect(await stored(102)).toMatchObject({ status: 'Cancelled', cancel_reason: 'Patient is ill' });
    expect(service.received).toEqual([{ appointmentId: 102, body: { status: 'Cancelled', clinic_id: 1 } }]);
  });

  it('offers no cancellation reason for Completed or No Show', async () => {
    const { user } = await openList();
    await user.selectOptions(statusOf(101), 'No Show');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to No Show?' });
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const { service, user } = await openList();
    await user.selectOptions(statusOf(101), 'No Show');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to No Show?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await stored(101)).status).toBe('Confirmed');
    expect(service.received).toHaveLength(0);
    expect(statusOf(101).value).toBe('Confirmed');
  });

  it("shows 'Failed!' with the service's error as the reason when the notification fails (the status stays updated)", async () => {
    const { service, user } = await openList();
    service.answerNext(HttpResponse.json({ error: 'This patient has no Messenger ID.' }, { status: 502 }));
    await user.selectOptions(statusOf(101), 'No Show');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, update & notify' }));
    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(failed.textContent).toContain('There was a problem updating the status or sending the message.');
    expect(failed.textContent).toContain('Reason: This patient has no Messenger ID.');
    expect((await stored(101)).status).toBe('No Show');
  });

  it("uses 'Messenger notification failed' when the service answers without an error text", async () => {
    const { service, user } = await openList();
    service.answerNext(HttpResponse.json({}, { status: 500 }));
    await user.selectOptions(statusOf(101), 'Completed');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, update & notify' }));
    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(failed.textContent).toContain('Reason: Messenger notification failed');
  });

  it("shows 'Failed!' and calls no service when the status update itself fails", async () => {
    const { service, user } = await openList();
    failNext({ method: 'PATCH', table: 'appointments' });
    await user.selectOptions(statusOf(101), 'Completed');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, update & notify' }));
    expect(await screen.findByRole('dialog', { name: 'Failed!' })).toBeTruthy();
    expect(service.received).toHaveLength(0);
    expect((await stored(101)).status).toBe('Confirmed');
  });

  it('says so when someone else changed the appointment meanwhile, and shows its latest status', async () => {
    const { service, user } = await openList();
    await setElsewhere(100, 'status', 'Confirmed');
    await user.selectOptions(statusOf(100), 'Cancelled');
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, update & notify' }));
    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(failed.textContent).toContain('Someone else changed this appointment meanwhile.');
    expect(service.received).toHaveLength(0);
    expect((await stored(100)).status).toBe('Confirmed');
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(statusOf(100).value).toBe('Confirmed'));
  });
});

describe('changing the status of an appointment changed elsewhere since the list showed it', () => {
  /** A change made in another tab, straight in the database. */
  const changeElsewhere = (id: number, change: string) =>
    realStack().query(`update public.appointments set ${change} where id = $1`, [id]);

  it('changes nothing and notifies no one when the appointment was moved, its status as it was', async () => {
    const { service, user } = await openList();
    // Jose Rizal's visit yesterday at 9:00, overdue: No Show may be chosen.
    await user.selectOptions(statusOf(101), 'No Show');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to No Show?' });
    await changeElsewhere(101, "appointment_time = '2030-01-10T11:00:00+08:00'"); // to tomorrow
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));

    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(failed.textContent).toContain('Someone else changed this appointment meanwhile.');
    expect(service.received).toHaveLength(0);
    const row = await stored(101);
    expect(row.status).toBe('Confirmed');
    expect(new Date(row.appointment_time).toISOString()).toBe('2030-01-10T03:00:00.000Z');
  });

  it('notifies no one when the appointment was given to another patient', async () => {
    const { service, user } = await openList();
    await user.selectOptions(statusOf(102), 'Cancelled');
    const dialog = await screen.findByRole('dialog', { name: 'Change the status to Cancelled?' });
    expect(dialog.textContent).toContain('Ana Garcia will be notified on Messenger.');
    await changeElsewhere(102, 'patient_id = 1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, update & notify' }));

    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(failed.textContent).toContain('Someone else changed this appointment meanwhile.');
    expect(service.received).toHaveLength(0);
    expect(await stored(102)).toMatchObject({ status: 'Scheduled', patient_id: 1 });
  });

  it('changes nothing directly either when the appointment went to another dentist', async () => {
    const { user } = await openList();
    await changeElsewhere(100, 'dentist_id = 3');
    await user.selectOptions(statusOf(100), 'Confirmed');

    const failed = await screen.findByRole('dialog', { name: 'Failed to update status!' });
    expect(failed.textContent).toContain('Someone else changed this appointment meanwhile.');
    expect(await stored(100)).toMatchObject({ status: 'Scheduled', dentist_id: 3 });
  });
});

describe('deleting an appointment', () => {
  it("asks 'Are you sure?', soft-deletes, says 'Appointment cancelled' and drops the row", async () => {
    const { user } = await openList();
    await user.click(within(rowOf(100)).getByRole('button', { name: /^Delete appointment of Maria Santos/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Maria Santos on January 9, 2030, 2:00 PM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Appointment cancelled')).toBeTruthy();
    expect((await stored(100)).deleted).toBe(true);
    expect((await rows('appointments', { deleted: true })).map((row) => row.id)).toEqual([100, 105]);
    await waitFor(() => expect(rowOf(100)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Dr. Ana Cruz (1 appointments)' })).toBeTruthy();
    expect(summary()).toBe('Total: 4 appointment(s) this month');
  });

  it('keeps the appointment when the question is answered No', async () => {
    const { user } = await openList();
    await user.click(within(rowOf(100)).getByRole('button', { name: /^Delete appointment of/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await stored(100)).deleted).toBe(false);
    expect(rowOf(100)).toBeTruthy();
  });

  it("shows 'Failed to cancel' when the update fails", async () => {
    const { user } = await openList();
    failNext({ method: 'PATCH', table: 'appointments' });
    await user.click(within(rowOf(100)).getByRole('button', { name: /^Delete appointment of/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    const failed = await screen.findByRole('dialog', { name: 'Failed to cancel' });
    expect(failed.textContent).toContain('There was a problem cancelling the appointment.');
    expect(rowOf(100)).toBeTruthy();
    expect((await stored(100)).deleted).toBe(false);
  });

  it('deletes nothing when the appointment was moved after the question named it, and shows it moved', async () => {
    const { user } = await openList();
    await user.click(within(rowOf(100)).getByRole('button', { name: /^Delete appointment of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Maria Santos on January 9, 2030, 2:00 PM');
    // In another tab: moved a week on.
    await realStack().query(
      "update public.appointments set appointment_time = '2030-01-16T14:00:00+08:00' where id = 100",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    const failed = await screen.findByRole('dialog', { name: 'Failed to cancel' });
    expect(failed.textContent).toContain('Someone else changed this appointment meanwhile.');
    const row = await stored(100);
    expect(row.deleted).toBe(false);
    expect(new Date(row.appointment_time).toISOString()).toBe('2030-01-16T06:00:00.000Z');
    expect(screen.queryByText('Appointment cancelled')).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(rowOf(100).textContent).toContain('January 16, 2030'));
  });

  it('explains an appointment deleted elsewhere and refreshes the list', async () => {
    const { user } = await openList();
    await user.click(within(rowOf(100)).getByRole('button', { name: /^Delete appointment of/ }));
    await setElsewhere(100, 'deleted', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    const failed = await screen.findByRole('dialog', { name: 'Failed to cancel' });
    expect(failed.textContent).toContain('This appointment no longer exists.');
    await waitFor(() => expect(rowOf(100)).toBeNull());
  });
});

/** What the service sends for appointment 100 (Maria Santos with Dr. Ana Cruz, Jan 9, 2:00 PM), changed. */
const event = (overrides: Record<string, unknown> = {}) => ({
  id: 100,
  clinic_id: 1,
  dentist_id: 1,
  patient_id: 1,
  appointment_time: '2030-01-09T06:00:00+00:00',
  reason: 'Composite Filling — Notes: upper left molar',
  status: 'Confirmed',
  booking_origin: 'Messenger Bot',
  guardian_messenger_id: null,
  deleted: false,
  patient_name: 'Maria Santos',
  dentist_name: 'Dr. Ana Cruz',
  ...overrides,
});
const emit = (overrides: Record<string, unknown> = {}) => fakeRealtime.emit(APPOINTMENT_UPDATED, event(overrides));
/** A change made elsewhere: stored in the database, then announced. */
async function changeElsewhere(overrides: Record<string, unknown>) {
  const payload = event(overrides);
  await realStack().query(
    'update public.appointments set status = $2, deleted = $3, appointment_time = $4 where id = $1',
    [payload.id, payload.status, payload.deleted, payload.appointment_time],
  );
  fakeRealtime.emit(APPOINTMENT_UPDATED, payload);
}
const pill = () => screen.queryByTestId('live-updates-pill');
const classesOf = (id: number) => rowOf(id).className.split(' ');

describe('live updates', () => {
  it("follow the signed-in user's clinic", async () => {
    await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
  });

  it("merge a change made elsewhere at once, highlight the row with '1 new update(s)' until Acknowledge All, and toast with View", async () => {
    const { user } = await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    expect(pill()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Acknowledge All' })).toBeNull();
    // Another change made elsewhere that no event announces: only a fresh read of the list shows it.
    await setElsewhere(103, 'status', 'No Show');

    await changeElsewhere({});
    expect(statusOf(100).value).toBe('Confirmed');
    expect(classesOf(100)).toEqual(expect.arrayContaining(['appointment-highlighted', 'appointment-flashing']));
    expect(classesOf(100)).not.toContain('appointment-live-alarming');
    expect(pill()?.textContent).toBe('1 new update(s)');
    const toast = screen.getByText(
      'Maria Santos with Dr. Ana Cruz: Scheduled → Confirmed · Jan 9, 2030, 2:00 PM',
    ).parentElement!;
    expect(toast.className).toContain('toast-info');
    expect(within(toast).getByRole('button', { name: 'View' })).toBeTruthy();
    // The list is read again shortly after.
    expect(statusOf(103).value).toBe('Completed');
    await waitFor(() => expect(statusOf(103).value).toBe('No Show'));

    emit({ id: 102, dentist_id: 2, patient_id: 3, appointment_time: '2030-01-09T01:20:00+00:00', status: 'Confirmed' });
    expect(pill()?.textContent).toBe('2 new update(s)');
    await user.click(screen.getByRole('button', { name: 'Acknowledge All' }));
    expect(pill()).toBeNull();
    expect(classesOf(100)).not.toContain('appointment-highlighted');
    expect(classesOf(100)).toContain('appointment-flashing');
  });

  it("add an appointment booked elsewhere to its dentist's card, in time order", async () => {
    await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    emit({
      id: 300,
      dentist_id: 2,
      patient_id: 2,
      patient_name: 'Jose Rizal',
      appointment_time: '2030-01-09T02:00:00+00:00',
      status: 'Scheduled',
    });
    const table = screen.getByRole('table', { name: 'Dr. Ben Reyes (3 appointments)' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-appointment-id')),
    ).toEqual(['103', '102', '300']);
    expect(summary()).toBe('Total: 6 appointment(s) this month');
    expect(within(rowOf(300)).getAllByRole('cell')[0]!.textContent).toContain('Jose Rizal');
  });

  it('show Cancelled and No Show updates in red, and a deleted appointment leaves the list', async () => {
    await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    emit({ status: 'Cancelled' });
    expect(classesOf(100)).toContain('appointment-live-alarming');
    expect(
      screen.getByText(/Maria Santos with Dr. Ana Cruz: Scheduled → Cancelled/).parentElement!.className,
    ).toContain('toast-error');
    emit({
      id: 101,
      patient_id: 2,
      patient_name: 'Jose Rizal',
      appointment_time: '2030-01-08T01:00:00+00:00',
      deleted: true,
      status: 'Confirmed',
    });
    expect(rowOf(101)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dr. Ana Cruz (1 appointments)' })).toBeTruthy();
  });

  it("leave other periods and other clinics' changes unannounced", async () => {
    const { user } = await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    // Stored as well as announced: the list's re-read a moment later must find what was merged.
    await changeElsewhere({ id: 104, appointment_time: '2030-02-04T02:00:00+00:00', status: 'Confirmed' });
    emit({ clinic_id: 2, status: 'Cancelled' });
    expect(pill()).toBeNull();
    expect(statusOf(100).value).toBe('Scheduled');
    expect(screen.queryByText(/Maria Santos with/)).toBeNull();
    // The February row was still merged: it shows its new status there.
    await user.selectOptions(screen.getByLabelText('Month'), 'February');
    expect(statusOf(104).value).toBe('Confirmed');
  });

  it("'View' shows every dentist, expands the row's card, scrolls to the row and marks it", async () => {
    const { user } = await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    await user.click(screen.getByRole('button', { name: 'Collapse Dr. Ana Cruz (2 appointments)' }));
    await user.selectOptions(screen.getByLabelText('Dentist'), 'Dr. Ben Reyes (2)');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    emit();
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect((screen.getByLabelText('Dentist') as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Collapse Dr. Ana Cruz (2 appointments)' })).toBeTruthy();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ behavior: 'smooth' });
    expect(classesOf(100)).toContain('appointment-focused');
  });

  it('refresh the calendar view too, and View there goes back to the list at the row', async () => {
    const { user } = await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    // react-big-calendar's slot selection asks which element is under the pointer; jsdom lays nothing out.
    document.elementFromPoint = () => null;
    await user.click(screen.getByRole('button', { name: 'Calendar' }));
    const calendar = await screen.findByTestId('appointments-calendar');
    const eventOf = () => calendar.querySelector<HTMLElement>('.calendar-event[title*="Maria Santos"]');
    await waitFor(() => expect(eventOf()?.getAttribute('title')).toMatch(/\(Scheduled\)$/));
    await changeElsewhere({ status: 'Cancelled' });
    await waitFor(() => expect(eventOf()?.getAttribute('title')).toMatch(/\(Cancelled\)$/));
    expect(eventOf()?.className).toContain('calendar-event-red');
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(screen.queryByTestId('appointments-calendar')).toBeNull();
    expect(classesOf(100)).toEqual(expect.arrayContaining(['appointment-focused', 'appointment-live-alarming']));
  });

  it('say when live updates pause, and read the list again once they are back', async () => {
    await openList();
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    fakeRealtime.status('connected');
    expect(screen.queryByText('Live updates paused — reconnecting…')).toBeNull();
    fakeRealtime.status('reconnecting');
    expect(screen.getByText('Live updates paused — reconnecting…')).toBeTruthy();
    // Changed elsewhere while the updates were paused: the event never came.
    await setElsewhere(102, 'status', 'Confirmed');
    fakeRealtime.status('connected');
    expect(screen.queryByText('Live updates paused — reconnecting…')).toBeNull();
    expect(screen.getByText('Live updates are back on.')).toBeTruthy();
    await waitFor(() => expect(statusOf(102).value).toBe('Confirmed'));
    fakeRealtime.status('refused');
    expect(screen.getByText('Live updates are off. Reload the page to turn them back on.')).toBeTruthy();
  });
});

describe('a long card', () => {
  // 200 appointments of Dr. Ana Cruz in January 2030: 8 a day on the hour (lunch left out),
  // Monday to Saturday from the 2nd, the days the clinic is open.
  const workdays = Array.from({ length: 30 }, (_, index) => index + 2).filter(
    (day) => new Date(Date.UTC(2030, 0, day)).getUTCDay() !== 0,
  );
  const HOURS = [9, 10, 11, 13, 14, 15, 16, 17];
  const longMonthTime = (index: number) => {
    const day = workdays[Math.floor(index / 8)]!;
    return `2030-01-${String(day).padStart(2, '0')}T${String(HOURS[index % 8]).padStart(2, '0')}:00:00+08:00`;
  };
  const longMonth = () => {
    const appointments = Array.from({ length: 200 }, (_, index) => ({
      id: 1000 + index,
      dentist_id: 1,
      patient_id: 1,
      appointment_time: longMonthTime(index),
      status: 'Scheduled' as const,
    }));
    return arrange({
      dentists: [
        { id: 1, name: 'Dr. Ana Cruz' },
        { id: 2, name: 'Dr. Ben Reyes' },
      ],
      patients: [{ id: 1, name: 'Maria Santos', messenger_id: '2400001' }],
      appointments,
    });
  };
  const renderedRows = () => document.querySelectorAll('tr[data-appointment-id]').length;

  it('renders only the rows near the screen, and a filter change reads no layout', async () => {
    await longMonth();
    await renderWithQueries(<AppointmentsTab />);
    const table = await screen.findByRole('table', { name: 'Dr. Ana Cruz (200 appointments)' }, { timeout: 5000 });
    expect(table.getAttribute('aria-rowcount')).toBe('201');
    expect(renderedRows()).toBeGreaterThan(0);
    expect(renderedRows()).toBeLessThan(20);

    const layoutReads = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    fireEvent.change(screen.getByLabelText('View'), { target: { value: 'weekly' } });
    expect(summary()).toMatch(/^Total: \d+ appointment\(s\) this week$/);
    expect(layoutReads).not.toHaveBeenCalled();
  });

  it("'View' on a row far down scrolls there, and the row is rendered once the page is there", async () => {
    await longMonth();
    const user = userEvent.setup();
    await renderWithQueries(<AppointmentsTab />);
    await screen.findByRole('table', { name: 'Dr. Ana Cruz (200 appointments)' }, { timeout: 5000 });
    await waitFor(() => expect(fakeRealtime.clinics()).toEqual([1]));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    fakeRealtime.emit(APPOINTMENT_UPDATED, event({ id: 1150, patient_id: 1, appointment_time: longMonthTime(150) }));
    expect(document.getElementById('appointment-row-1150')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
    // jsdom lays nothing out: the card's body is at 0, so row 150 is 150 × 104 px down; centred in 768 px.
    const top = 150 * 104 - (window.innerHeight - 104) / 2;
    expect(scrollTo.mock.calls[0]![0]).toMatchObject({ top });
    Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(document.getElementById('appointment-row-1150')).toBeTruthy());
    expect(classesOf(1150)).toEqual(expect.arrayContaining(['appointment-focused', 'appointment-highlighted']));
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});
