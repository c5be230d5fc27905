// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { db, failNext, pgError, seed } from '@/testing/mocks';
import WaitlistTab from './tab';
import { prepareDom, renderWithQueries } from './testing/render';
import { WaitlistScreen } from './waitlist-screen';

/** What the screen subscribed to, so a test can deliver a live event as the service would. */
const live = vi.hoisted(() => ({ subscribed: [] as SubscribeOptions[] }));
vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: async (options: SubscribeOptions) => {
    live.subscribed.push(options);
    return { close: () => undefined };
  },
}));

/** Thursday 9 January 2030, 10:00 in Manila: the clinic's today is 2030-01-09. */
const NOW = new Date('2030-01-09T02:00:00Z');
const now = () => NOW;

beforeEach(() => {
  prepareDom();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  seed.dentists([
    { id: 1, name: 'Dr. Andrea Villanueva' },
    { id: 2, name: 'Dr. Ben Reyes' },
    { id: 3, name: 'Dr. Inactive', is_active: false },
  ]);
  seed.patients([
    { id: 1, name: 'Maria Santos', phone: '0917 555 0101', messenger_id: '7000000000000001' },
    { id: 2, name: 'Jose Cruz', phone: '0917 555 0202', messenger_id: '7000000000000002' },
    { id: 3, name: 'Liza Tan', phone: '0917 555 0303', messenger_id: null },
  ]);
});
afterEach(() => {
  cleanup();
  live.subscribed.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tableRows = () =>
  within(screen.getByRole('table', { name: 'Waitlist' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

function seedEntries() {
  return seed.waitlist_entries([
    {
      id: 10,
      patient_id: 2,
      dentist_id: 1,
      from_date: '2030-01-10',
      to_date: '2030-01-15',
      created_at: '2030-01-05T01:00:00Z',
    },
    {
      id: 11,
      patient_id: 1,
      dentist_id: 2,
      from_date: '2030-01-12',
      to_date: '2030-01-12',
      note: 'Mornings only',
      created_at: '2030-01-06T01:00:00Z',
      status: 'offered',
    },
    {
      id: 12,
      patient_id: 3,
      dentist_id: 1,
      from_date: '2030-01-10',
      to_date: '2030-01-20',
      created_at: '2030-01-07T01:00:00Z',
    },
    {
      id: 13,
      patient_id: 1,
      dentist_id: 1,
      from_date: '2030-01-10',
      to_date: '2030-01-20',
      created_at: '2030-01-04T01:00:00Z',
      status: 'removed',
      removed_at: '2030-01-08T01:00:00Z',
    },
  ]);
}

async function openScreen() {
  renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
  await screen.findByRole('cell', { name: 'Jose Cruz' });
}

describe('the Waitlist screen', () => {
  it('lists open entries in waitlist order with their dentist, dates and status, in clinic time', async () => {
    seedEntries();
    seed.waitlist_offers([
      {
        entry_id: 11,
        freed_slot_id: 1,
        slot_time: '2030-01-12T01:00:00Z',
        messenger_id: '7000000000000001',
        status: 'sent',
      },
    ]);
    await openScreen();
    expect(tableRows()).toEqual([
      ['1', 'Jose Cruz', 'Dr. Andrea Villanueva', 'January 10, 2030 – January 15, 2030', 'Waiting', ''],
      ['2', 'Maria SantosMornings only', 'Dr. Ben Reyes', 'January 12, 2030', 'Offered Jan 12, 2030, 9:00 AM', ''],
      [
        '3',
        'Liza TanNo Messenger ID: cannot be offered slots',
        'Dr. Andrea Villanueva',
        'January 10, 2030 – January 20, 2030',
        'Waiting',
        '',
      ],
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show past bookings and removed' }));
    expect(tableRows()[0]).toEqual([
      '–',
      'Maria Santos',
      'Dr. Andrea Villanueva',
      'January 10, 2030 – January 20, 2030',
      'Removed',
      '',
    ]);
  });

  it('says so when nobody waits, and when the list cannot be read', async () => {
    renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
    expect(await screen.findByText('Nobody is on the waitlist.')).toBeTruthy();
    cleanup();
    failNext({ method: 'GET', table: 'waitlist_entries' });
    renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the waitlist.');
  });

  it('is refused to a dentist at render time', () => {
    renderWithQueries(<WaitlistTab />, { role: 'dentist' });
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this tab.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an offer and its booking as they happen, without a reload', async () => {
    seedEntries();
    await openScreen();
    const subscription = live.subscribed.find((options) => options.event === 'waitlist-updated');
    expect(subscription?.clinicId).toBe(1);
    // The service offered Jose a slot and he took it (written "elsewhere"), then announced it.
    db.table('waitlist_entries').update(10, { status: 'booked', booked_appointment_id: 99 });
    seed.waitlist_offers([
      {
        entry_id: 10,
        freed_slot_id: 1,
        slot_time: '2030-01-11T06:20:00Z',
        messenger_id: '7000000000000002',
        status: 'booked',
        appointment_id: 99,
      },
    ]);
    act(() => subscription!.onEvent({ clinic_id: 1, entry_id: 10 } as never));
    // An upcoming booking stays in the list, saying when.
    expect(await screen.findByText('Booked Jan 11, 2030, 2:20 PM')).toBeTruthy();
    expect(tableRows()[0]?.slice(0, 2)).toEqual(['–', 'Jose Cruz']);
  });

  describe('Add to Waitlist', () => {
    async function openAdd() {
      const user = userEvent.setup();
      renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
      await screen.findByText('Nobody is on the waitlist.');
      await user.click(screen.getByRole('button', { name: 'Add to Waitlist' }));
      return { user, modal: within(screen.getByRole('dialog', { name: 'Add to Waitlist' })) };
    }

    it('adds the patient picked for an active dentist and the dates given', async () => {
      const { user, modal } = await openAdd();
      expect(within(modal.getByLabelText('Dentist')).queryByRole('option', { name: 'Dr. Inactive' })).toBeNull();
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'maria');
      await user.click(await modal.findByRole('option', { name: 'Maria Santos, 0917 555 0101' }));
      await user.selectOptions(modal.getByLabelText('Dentist'), 'Dr. Ben Reyes');
      fireEvent.change(modal.getByLabelText('From'), { target: { value: '2030-01-14' } });
      fireEvent.change(modal.getByLabelText('To'), { target: { value: '2030-01-18' } });
      await user.type(modal.getByLabelText('Note (optional)'), 'Afternoons');
      await user.click(modal.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Patient added to the waitlist.')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(db.table('waitlist_entries').all()).toMatchObject([
        {
          clinic_id: 1,
          patient_id: 1,
          dentist_id: 2,
          from_date: '2030-01-14',
          to_date: '2030-01-18',
          note: 'Afternoons',
        },
      ]);
      expect(await screen.findByText('Afternoons')).toBeTruthy();
    });

    it('says what is missing or wrong and sends nothing', async () => {
      const { user, modal } = await openAdd();
      await user.click(modal.getByRole('button', { name: 'Save' }));
      expect(modal.getByRole('alert').textContent).toBe('Choose a patient from the list.');
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'Jose');
      await user.click(await modal.findByRole('option', { name: /^Jose Cruz/ }));
      await user.click(modal.getByRole('button', { name: 'Save' }));
      expect(modal.getByRole('alert').textContent).toBe('Choose a dentist.');
      await user.selectOptions(modal.getByLabelText('Dentist'), 'Dr. Andrea Villanueva');
      fireEvent.change(modal.getByLabelText('From'), { target: { value: '2030-01-08' } });
      await user.click(modal.getByRole('button', { name: 'Save' }));
      expect(modal.getByRole('alert').textContent).toBe('The dates cannot be in the past.');
      expect(modal.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(modal.getByLabelText('From'), { target: { value: '2030-01-12' } });
      fireEvent.change(modal.getByLabelText('To'), { target: { value: '2030-01-11' } });
      await user.click(modal.getByRole('button', { name: 'Save' }));
      expect(modal.getByRole('alert').textContent).toBe('The last date must be on or after the first date.');
      expect(db.table('waitlist_entries').all()).toEqual([]);
    });

    it('keeps everything typed and says why when the patient already waits for that dentist', async () => {
      failNext({ method: 'POST', table: 'waitlist_entries' }, pgError('23505', 'duplicate key value'));
      const { user, modal } = await openAdd();
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'Jose');
      await user.click(await modal.findByRole('option', { name: /^Jose Cruz/ }));
      await user.selectOptions(modal.getByLabelText('Dentist'), 'Dr. Andrea Villanueva');
      await user.click(modal.getByRole('button', { name: 'Save' }));
      const alert = await modal.findByRole('alert');
      expect(alert.textContent).toContain('Failed to add to the waitlist.');
      expect(alert.textContent).toContain('This patient is already on the waitlist for this dentist.');
      expect((modal.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Jose Cruz');
      expect((modal.getByLabelText('Dentist') as HTMLSelectElement).value).toBe('1');
    });

    it('stays open with what was typed while a live event re-reads the list', async () => {
      const { user, modal } = await openAdd();
      const dialog = screen.getByRole('dialog', { name: 'Add to Waitlist' });
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'Jose');
      await user.click(await modal.findByRole('option', { name: /^Jose Cruz/ }));
      await user.type(modal.getByLabelText('Note (optional)'), 'Afternoons');

      // Another desk put Maria on the waitlist.
      seedEntries();
      const subscription = live.subscribed.find((options) => options.event === 'waitlist-updated');
      act(() => subscription!.onEvent({ clinic_id: 1, entry_id: 11 } as never));
      await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));

      expect(screen.getByRole('dialog', { name: 'Add to Waitlist' })).toBe(dialog);
      expect((modal.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Jose Cruz');
      expect((modal.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Afternoons');
    });
  });

  describe('Remove', () => {
    it('asks first, then marks the entry removed and drops it from the list', async () => {
      seedEntries();
      await openScreen();
      fireEvent.click(screen.getByRole('button', { name: 'Remove Jose Cruz from the waitlist' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, remove' }));
      expect(await screen.findByText('Removed from the waitlist.')).toBeTruthy();
      expect(db.table('waitlist_entries').find(10)?.status).toBe('removed');
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'Jose Cruz' })).toBeNull());
    });

    it('changes nothing when staff cancel the question', async () => {
      seedEntries();
      await openScreen();
      fireEvent.click(screen.getByRole('button', { name: 'Remove Jose Cruz from the waitlist' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Yes, remove' })).toBeNull());
      expect(db.table('waitlist_entries').find(10)?.status).toBe('waiting');
    });

    it('says the entry was already closed when the database refuses the removal', async () => {
      seedEntries();
      failNext({ method: 'PATCH', table: 'waitlist_entries' }, pgError('23514', 'closed'));
      await openScreen();
      fireEvent.click(screen.getByRole('button', { name: 'Remove Jose Cruz from the waitlist' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, remove' }));
      expect((await screen.findByRole('alert')).textContent).toContain(
        'Failed to remove the entry. This entry was already booked or removed.',
      );
    });
  });
});
