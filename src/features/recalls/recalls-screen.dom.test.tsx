// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClinicDate, formatClinicDateShort, formatClinicMonthDay } from '@common/clinic-calendar';
import { takeBookingIntent } from '@/entities/appointment';
import { DashboardContext } from '@/lib/dashboard';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { failNext, realStack, seed, setupComponentTests } from '@/testing/real-db';
import RecallsTab from './tab';
import { mockRecallService, recordRecall } from './testing/recall-service';
import { renderWithQueries } from './testing/render';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

setupComponentTests();

/** Thursday 26 November 2026, 12:00 in Manila. */
const NOW = new Date('2026-11-26T04:00:00Z');
/** A date as the screen writes it, in the clinic's zone. */
const clinicDate = (instant: string) => formatClinicDate(instant, 'Asia/Manila');
/** The same date as a narrow cell writes it ('Nov 10, 2026'), and a recent one's day ('Nov 10'). */
const clinicDateShort = (instant: string) => formatClinicDateShort(instant, 'Asia/Manila');
const clinicDay = (instant: string) => formatClinicMonthDay(instant, 'Asia/Manila');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await seed.clinics([{ id: 1, name: 'Smile Dental', recall_interval_months: 6 }]);
  await seed.dentists([
    { id: 1, name: 'Dr. Andrea Villanueva' },
    { id: 2, name: 'Dr. Ben Reyes' },
  ]);
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The patients whose last completed visit makes them due (6 months on, clinic time): the real
 * recall_list computes the list from these.
 */
const PATIENTS = {
  maria: {
    patient: { id: 1, name: 'Maria Santos', phone: '0917 555 0101', messenger_id: '7000000000000001' },
    // A Saturday: the clinic is closed on Sundays, which the booking rules enforce.
    visit: { dentist_id: 1, appointment_time: '2026-02-21T02:00:00Z', reason: 'Oral Prophylaxis' },
  },
  jose: {
    patient: { id: 2, name: 'Jose Cruz', messenger_id: '7000000000000002' },
    visit: { dentist_id: 2, appointment_time: '2026-05-14T02:00:00Z', reason: null },
  },
  liza: {
    patient: { id: 3, name: 'Liza Tan', messenger_id: null },
    visit: { dentist_id: 1, appointment_time: '2026-05-26T02:00:00Z', reason: 'Oral Prophylaxis' },
  },
  ana: {
    patient: { id: 4, name: 'Ana Reyes', messenger_id: '7000000000000004' },
    visit: { dentist_id: 1, appointment_time: '2026-03-02T02:00:00Z', reason: 'Oral Prophylaxis' },
  },
};

async function seedDue(...names: (keyof typeof PATIENTS)[]) {
  const chosen = names.map((name) => PATIENTS[name]);
  await seed.patients(chosen.map(({ patient }) => patient));
  await seed.appointments(
    chosen.map(({ patient, visit }) => ({ ...visit, patient_id: patient.id, status: 'Completed' as const })),
  );
}

/**
 * Jose Cruz was recalled 16 days ago and may not be recalled again for 14 more days. The database
 * dates the block by its own clock, which runs after NOW and which tests cannot fix, so the dates
 * the screen shows for it are read from the stored recall.
 */
const joseRecalled = () => recordRecall(2, { ago: '16 days' });

const dueTable = () => screen.getByRole('table', { name: 'Patients due for a check-up' });
const rowOf = (name: string) => within(dueTable()).getByRole('row', { name: new RegExp(name) });
const cells = (name: string) => [...rowOf(name).querySelectorAll('td')].map((cell) => cell.textContent);

describe('the due list', () => {
  it('shows each due patient, most overdue first, with the last visit, procedure, dentist, overdue time and last recall', async () => {
    await seedDue('maria', 'jose', 'liza');
    const recall = await joseRecalled();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recalls' })).toBeTruthy();
    await screen.findByText('Maria Santos');
    const names = within(dueTable())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[1]?.textContent);
    expect(names).toEqual(['Maria Santos', 'Jose Cruz', 'Liza Tan']);
    // The last visit's date, procedure and dentist share a cell (one column fewer on a tablet).
    expect(cells('Maria Santos').slice(1, 6)).toEqual([
      'Maria Santos',
      '0917 555 0101',
      'February 21, 2026Oral ProphylaxisDr. Andrea Villanueva',
      '3 months 5 days',
      'Never',
    ]);
    expect(within(rowOf('Maria Santos')).getByRole('link', { name: '0917 555 0101' }).getAttribute('href')).toBe(
      'tel:09175550101',
    );
    expect(cells('Jose Cruz')[3]).toContain('Not recorded');
    expect(cells('Jose Cruz')[4]).toBe('12 days');
    expect(cells('Jose Cruz')[5]).toBe(`${clinicDate(recall.created_at)}Sent`);
    expect(cells('Liza Tan')[4]).toBe('Due today');
    expect(screen.getByText(/last completed visit was at least 6 months ago/)).toBeTruthy();
  });

  it('disables Send recall, with the reason, for a patient recalled in the last 30 days or without a Messenger ID', async () => {
    await seedDue('maria', 'jose', 'liza');
    const recall = await joseRecalled();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await screen.findByText('Maria Santos');
    const recalled = within(rowOf('Jose Cruz')).getByRole('button', {
      name: `Recalled ${clinicDay(recall.created_at)}`,
    });
    expect((recalled as HTMLButtonElement).disabled).toBe(true);
    expect(recalled.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(rowOf('Jose Cruz')).getByText(`Another recall can be sent from ${clinicDateShort(recall.blocked_until)}.`),
    ).toBeTruthy();
    const noMessenger = within(rowOf('Liza Tan')).getByRole('button', { name: 'Send recall' });
    expect((noMessenger as HTMLButtonElement).disabled).toBe(true);
    expect(within(rowOf('Liza Tan')).getByText(/No Messenger ID/)).toBeTruthy();
    expect(within(rowOf('Jose Cruz')).queryByRole('checkbox')).toBeNull();
  });

  it('sends a recall through the service, says so, and shows the patient as recalled', async () => {
    await seedDue('maria');
    const service = mockRecallService();
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await user.click(await screen.findByRole('button', { name: 'Send recall to Maria Santos' }));
    expect(await screen.findByText('Recall sent to Maria Santos.')).toBeTruthy();
    expect(service.received).toEqual([{ patientId: 1, clinicId: 1 }]);
    // The due list, read again, has the service's record.
    expect(
      await within(rowOf('Maria Santos')).findByRole('button', {
        name: `Recalled ${clinicDay(service.sent[0]!.created_at)}`,
      }),
    ).toBeTruthy();
  });

  it("shows the service's reason when it refuses, and keeps the row", async () => {
    await seedDue('maria');
    const service = mockRecallService();
    service.answerNext(
      HttpResponse.json(
        { error: 'Maria Santos was recalled on November 20, 2026. Another recall can be sent from December 20, 2026.' },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await user.click(await screen.findByRole('button', { name: 'Send recall to Maria Santos' }));
    expect(await screen.findByText(/Maria Santos was recalled on November 20, 2026/)).toBeTruthy();
    expect(rowOf('Maria Santos')).toBeTruthy();
    expect(within(rowOf('Maria Santos')).getByRole('button', { name: 'Send recall to Maria Santos' })).toBeTruthy();
  });

  it('sends to the selected patients one after another and sums it up', async () => {
    await seedDue('maria', 'ana', 'liza');
    const service = mockRecallService();
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await screen.findByText('Maria Santos');
    const bulk = screen.getByRole('button', { name: 'Send recall to 0 selected' });
    expect((bulk as HTMLButtonElement).disabled).toBe(true);
    expect(within(rowOf('Liza Tan')).queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Maria Santos' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Reyes' }));
    await user.click(screen.getByRole('button', { name: 'Send recall to 2 selected' }));
    expect(await screen.findByText('2 recalls sent.')).toBeTruthy();
    expect(service.received.map((call) => call.patientId)).toEqual([1, 4]);
  });

  it('stops at the rate limit with every patient not sent still ticked, and keeps a failed one ticked', async () => {
    await seedDue('maria', 'ana', 'jose');
    const service = mockRecallService();
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await screen.findByText('Maria Santos');
    const ticked = () =>
      screen
        .getAllByRole('checkbox', { name: /^Select / })
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.getAttribute('aria-label'));
    for (const name of ['Maria Santos', 'Ana Reyes', 'Jose Cruz'])
      await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));

    service.answerNext(
      HttpResponse.json(
        { error: 'Too many recalls in a short time. Please wait a minute and try again.' },
        { status: 429 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send recall to 3 selected' }));
    expect(
      await screen.findByText(
        '0 recalls sent. Too many in a short time: the other 3 stay ticked; send them again in a minute.',
      ),
    ).toBeTruthy();
    expect(service.received).toHaveLength(1);
    expect(ticked()).toHaveLength(3);

    service.answerNext(HttpResponse.json({ error: 'Messenger is not answering.' }, { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Send recall to 3 selected' }));
    expect(await screen.findByText('2 recalls sent, 1 not sent (see Last recall); those stay ticked.')).toBeTruthy();
    expect(service.received).toHaveLength(4);
    // Maria, the most overdue, went first and was refused; the two after her were sent.
    expect(ticked()).toEqual(['Select Maria Santos']);
  });

  it('keeps the buttons of rows a live re-read did not change (a click on one is not lost)', async () => {
    await seedDue('maria', 'ana');
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    const send = await screen.findByRole('button', { name: 'Send recall to Maria Santos' });
    const select = screen.getByRole('checkbox', { name: 'Select Maria Santos' });

    // Another desk recalls Ana Reyes.
    const recall = await recordRecall(4);
    fakeRealtime.emit('recall-updated', { table: 'recall_messages', op: 'INSERT', id: 9, clinic_id: 1, patient_id: 4 });
    await within(rowOf('Ana Reyes')).findByRole('button', { name: `Recalled ${clinicDay(recall.created_at)}` });

    expect(send.isConnected).toBe(true);
    expect(select.isConnected).toBe(true);
  });

  it('says when the list cannot be loaded, and Retry loads it', async () => {
    await seedDue('maria');
    failNext({ rpc: 'recall_list' });
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(await screen.findByText('The recall list could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Maria Santos')).toBeTruthy();
  });

  it('says when nobody is due', async () => {
    // Seen 5 months ago, and booked ahead: neither is due.
    await seed.patients([
      { id: 1, name: 'Maria Santos' },
      { id: 2, name: 'Jose Cruz' },
    ]);
    await seed.appointments([
      { patient_id: 1, dentist_id: 1, appointment_time: '2026-06-26T02:00:00Z', status: 'Completed' },
      { patient_id: 2, dentist_id: 1, appointment_time: '2026-02-26T02:00:00Z', status: 'Completed' },
      { patient_id: 2, dentist_id: 1, appointment_time: '2099-01-05T02:00:00Z', status: 'Scheduled' },
    ]);
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(await screen.findByText('No patients are due for a check-up.')).toBeTruthy();
    expect(await screen.findByText('No booking requests right now.')).toBeTruthy();
  });
});

describe('booking requests', () => {
  /** What is stored of booking request `id` (a table the app's types leave out: it reads them by RPC). */
  const requestStatus = async (id: number) =>
    (await realStack().query<{ status: string }>(`select status from public.recall_requests where id = $1`, [id]))
      .rows[0]?.status;

  /** Maria Santos, recalled yesterday, taps Book on it this morning: the service stores the request. */
  async function patientAsksToBook() {
    const recall = await recordRecall(1, { at: '2026-11-25T02:00:00Z' });
    await realStack().query(
      `insert into public.recall_requests (id, clinic_id, patient_id, recall_message_id, psid, mid, created_at)
       overriding system value values (7, 1, 1, $1, '7000000000000001', 'm_book_7', '2026-11-26T01:30:00Z')`,
      [recall.id],
    );
  }

  it("appear live when a patient taps Book, and 'Dismiss' closes one", async () => {
    await seedDue('maria');
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(await screen.findByText('No booking requests right now.')).toBeTruthy();

    await patientAsksToBook();
    expect(fakeRealtime.clinics('recall-updated')).toEqual([1]);
    fakeRealtime.emit('recall-updated', { table: 'recall_requests', op: 'INSERT', id: 7, clinic_id: 1, patient_id: 1 });
    const list = await screen.findByRole('list', { name: 'Open booking requests' });
    const item = within(list).getByRole('listitem', { name: 'Maria Santos' });
    expect(item.textContent).toContain('0917 555 0101 · Asked to book Nov 26, 2026, 9:30 AM');

    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Booking request of Maria Santos dismissed.')).toBeTruthy();
    expect(await requestStatus(7)).toBe('dismissed');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Open booking requests' })).toBeNull());
  });

  it("'Book' opens Appointments with the request's patient for its Add Appointment form", async () => {
    await seedDue('maria');
    await patientAsksToBook();
    const selectTab = vi.fn();
    const user = userEvent.setup();
    await renderWithQueries(
      <DashboardContext.Provider value={{ activeTab: 'recalls', selectTab }}>
        <RecallsTab />
      </DashboardContext.Provider>,
      { role: 'receptionist' },
    );
    const item = await screen.findByRole('listitem', { name: 'Maria Santos' });
    await user.click(within(item).getByRole('button', { name: 'Book' }));
    expect(selectTab).toHaveBeenCalledWith('appointments');
    expect(takeBookingIntent(1)).toEqual({ clinicId: 1, patient: { id: 1, name: 'Maria Santos' } });
  });

  it('offers no Book outside the dashboard', async () => {
    await seedDue('maria');
    await patientAsksToBook();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    const item = await screen.findByRole('listitem', { name: 'Maria Santos' });
    expect(within(item).queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('says so when the request was handled elsewhere meanwhile', async () => {
    await seedDue('maria');
    await patientAsksToBook();
    const user = userEvent.setup();
    await renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    const item = await screen.findByRole('listitem', { name: 'Maria Santos' });
    // Booked at another desk meanwhile.
    await realStack().query(`update public.recall_requests set status = 'booked' where id = 7`);
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('This booking request was already handled.')).toBeTruthy();
    expect(await requestStatus(7)).toBe('booked');
  });
});
