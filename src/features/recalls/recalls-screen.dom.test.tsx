// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeBookingIntent } from '@/lib/booking-intent';
import { DashboardContext } from '@/lib/dashboard';
import { deliverServiceEvent, type SubscribeOptions } from '@/lib/realtime-client';
import { failNext, seed } from '@/testing/mocks';
import RecallsTab from './tab';
import { dueRecall, mockRecallDatabase } from './testing/recall-database';
import { mockRecallService } from './testing/recall-service';
import { prepareDom, renderWithQueries } from './testing/render';

/** What the screen subscribed to, so a test can deliver a live event as the service would. */
const live = vi.hoisted(() => ({ subscribed: [] as SubscribeOptions[] }));
vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: async (options: SubscribeOptions) => {
    live.subscribed.push(options);
    return { close: () => undefined };
  },
}));

/** Thursday 26 November 2026, 12:00 in Manila. */
const NOW = new Date('2026-11-26T04:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  prepareDom();
  seed.clinics([{ id: 1, name: 'Smile Dental', recall_interval_months: 6 }]);
});
afterEach(() => {
  cleanup();
  live.subscribed.length = 0;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const MARIA = dueRecall({
  patient_id: 1,
  patient_name: 'Maria Santos',
  due_date: '2026-08-22',
  last_visit_at: '2026-02-22T02:00:00Z',
});
const JOSE = dueRecall({
  patient_id: 2,
  patient_name: 'Jose Cruz',
  due_date: '2026-11-14',
  last_visit_at: '2026-05-14T02:00:00Z',
  last_procedure: null,
  dentist_name: 'Dr. Ben Reyes',
  last_recall_at: '2026-11-09T17:00:00Z',
  last_recall_outcome: 'sent',
  recalled_until: '2026-12-09T17:00:00Z',
});
const LIZA = dueRecall({ patient_id: 3, patient_name: 'Liza Tan', due_date: '2026-11-26', has_messenger_id: false });

/** The due list once the patient was recalled now, as the service records it (not again for 30 days). */
const recalledNow = <Row extends { patient_id: number }>(rows: Row[], patientId: number): Row[] =>
  rows.map((row) =>
    row.patient_id === patientId
      ? {
          ...row,
          last_recall_at: NOW.toISOString(),
          last_recall_outcome: 'sent',
          recalled_until: '2026-12-26T04:00:00Z',
        }
      : row,
  );

const dueTable = () => screen.getByRole('table', { name: 'Patients due for a check-up' });
const rowOf = (name: string) => within(dueTable()).getByRole('row', { name: new RegExp(name) });
const cells = (name: string) => [...rowOf(name).querySelectorAll('td')].map((cell) => cell.textContent);

describe('the due list', () => {
  it('shows each due patient, most overdue first, with the last visit, procedure, dentist, overdue time and last recall', async () => {
    mockRecallDatabase({ due: [MARIA, JOSE, LIZA] });
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recalls' })).toBeTruthy();
    await screen.findByText('Maria Santos');
    const names = within(dueTable())
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[1]?.textContent);
    expect(names).toEqual(['Maria Santos', 'Jose Cruz', 'Liza Tan']);
    expect(cells('Maria Santos').slice(1, 7)).toEqual([
      'Maria Santos',
      'February 22, 2026',
      'Oral Prophylaxis',
      'Dr. Andrea Villanueva',
      '3 months 4 days',
      'Never',
    ]);
    expect(cells('Jose Cruz')[3]).toBe('Not recorded');
    expect(cells('Jose Cruz')[5]).toBe('12 days');
    expect(cells('Jose Cruz')[6]).toBe('November 10, 2026Sent');
    expect(cells('Liza Tan')[5]).toBe('Due today');
    expect(screen.getByText(/last completed visit was at least 6 months ago/)).toBeTruthy();
  });

  it('disables Send recall, with the reason, for a patient recalled in the last 30 days or without a Messenger ID', async () => {
    mockRecallDatabase({ due: [MARIA, JOSE, LIZA] });
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await screen.findByText('Maria Santos');
    const recalled = within(rowOf('Jose Cruz')).getByRole('button', { name: 'Recalled November 10, 2026' });
    expect((recalled as HTMLButtonElement).disabled).toBe(true);
    expect(recalled.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(rowOf('Jose Cruz')).getByText(/Another recall can be sent from December 10, 2026/)).toBeTruthy();
    const noMessenger = within(rowOf('Liza Tan')).getByRole('button', { name: 'Send recall' });
    expect((noMessenger as HTMLButtonElement).disabled).toBe(true);
    expect(within(rowOf('Liza Tan')).getByText(/No Messenger ID/)).toBeTruthy();
    expect(within(rowOf('Jose Cruz')).queryByRole('checkbox')).toBeNull();
  });

  it('sends a recall through the service, says so, and shows the patient as recalled', async () => {
    const database = mockRecallDatabase({ due: [MARIA] });
    const service = mockRecallService((patientId) => {
      database.due = recalledNow(database.due, patientId);
    });
    const user = userEvent.setup();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await user.click(await screen.findByRole('button', { name: 'Send recall to Maria Santos' }));
    expect(await screen.findByText('Recall sent to Maria Santos.')).toBeTruthy();
    expect(service.received).toEqual([{ patientId: 1, clinicId: 1 }]);
    expect(
      await within(rowOf('Maria Santos')).findByRole('button', { name: 'Recalled November 26, 2026' }),
    ).toBeTruthy();
  });

  it("shows the service's reason when it refuses, and keeps the row", async () => {
    mockRecallDatabase({ due: [MARIA] });
    const service = mockRecallService();
    service.answerNext(
      HttpResponse.json(
        { error: 'Maria Santos was recalled on November 20, 2026. Another recall can be sent from December 20, 2026.' },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    await user.click(await screen.findByRole('button', { name: 'Send recall to Maria Santos' }));
    expect(await screen.findByText(/Maria Santos was recalled on November 20, 2026/)).toBeTruthy();
    expect(rowOf('Maria Santos')).toBeTruthy();
  });

  it('sends to the selected patients one after another and sums it up', async () => {
    mockRecallDatabase({ due: [MARIA, dueRecall({ patient_id: 4, patient_name: 'Ana Reyes' }), LIZA] });
    const service = mockRecallService();
    const user = userEvent.setup();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
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

  it('keeps the buttons of rows a live re-read did not change (a click on one is not lost)', async () => {
    const database = mockRecallDatabase({ due: [MARIA, dueRecall({ patient_id: 4, patient_name: 'Ana Reyes' })] });
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    const send = await screen.findByRole('button', { name: 'Send recall to Maria Santos' });
    const select = screen.getByRole('checkbox', { name: 'Select Maria Santos' });

    // Another desk recalls Ana Reyes.
    database.due = recalledNow(database.due, 4);
    const subscription = live.subscribed.find((options) => options.event === 'recall-updated');
    act(() => {
      deliverServiceEvent(subscription!, {
        table: 'recall_messages',
        op: 'INSERT',
        id: 9,
        clinic_id: 1,
        patient_id: 4,
      });
    });
    await within(rowOf('Ana Reyes')).findByRole('button', { name: 'Recalled November 26, 2026' });

    expect(send.isConnected).toBe(true);
    expect(select.isConnected).toBe(true);
  });

  it('says when the list cannot be loaded, and Retry loads it', async () => {
    mockRecallDatabase({ due: [MARIA] });
    failNext({ rpc: 'recall_list' });
    const user = userEvent.setup();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(await screen.findByText('The recall list could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Maria Santos')).toBeTruthy();
  });

  it('says when nobody is due', async () => {
    mockRecallDatabase();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(await screen.findByText('No patients are due for a check-up.')).toBeTruthy();
    expect(await screen.findByText('No booking requests right now.')).toBeTruthy();
  });
});

describe('booking requests', () => {
  const REQUEST = {
    id: 7,
    patient_id: 1,
    patient_name: 'Maria Santos',
    patient_phone: '0917 555 0101',
    created_at: '2026-11-26T01:30:00Z',
    recalled_at: '2026-11-25T02:00:00Z',
  };

  it("appear live when a patient taps Book, and 'Dismiss' closes one", async () => {
    const database = mockRecallDatabase({ due: [MARIA] });
    const user = userEvent.setup();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    expect(await screen.findByText('No booking requests right now.')).toBeTruthy();

    database.requests.push(REQUEST);
    const subscription = live.subscribed.find((options) => options.event === 'recall-updated');
    expect(subscription?.clinicId).toBe(1);
    act(() => {
      deliverServiceEvent(subscription!, {
        table: 'recall_requests',
        op: 'INSERT',
        id: 7,
        clinic_id: 1,
        patient_id: 1,
      });
    });
    const list = await screen.findByRole('list', { name: 'Open booking requests' });
    const item = within(list).getByRole('listitem', { name: 'Maria Santos' });
    expect(item.textContent).toContain('0917 555 0101 · Asked to book Nov 26, 2026, 9:30 AM');

    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Booking request of Maria Santos dismissed.')).toBeTruthy();
    expect(database.dismissed).toEqual([7]);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Open booking requests' })).toBeNull());
  });

  it("'Book' opens Appointments with the request's patient for its Add Appointment form", async () => {
    mockRecallDatabase({ requests: [REQUEST] });
    const selectTab = vi.fn();
    const user = userEvent.setup();
    renderWithQueries(
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
    mockRecallDatabase({ requests: [REQUEST] });
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    const item = await screen.findByRole('listitem', { name: 'Maria Santos' });
    expect(within(item).queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('says so when the request was handled elsewhere meanwhile', async () => {
    const database = mockRecallDatabase({ requests: [REQUEST] });
    const user = userEvent.setup();
    renderWithQueries(<RecallsTab />, { role: 'receptionist' });
    const item = await screen.findByRole('listitem', { name: 'Maria Santos' });
    database.requests.length = 0;
    await user.click(within(item).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('This booking request was already handled.')).toBeTruthy();
  });
});
