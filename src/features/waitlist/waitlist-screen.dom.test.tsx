// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscribeOptions } from '@/lib/realtime-client';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { failNext, realStack, rows, seed, setupComponentTests } from '@/testing/real-db';
import WaitlistTab from './tab';
import { renderWithQueries } from './testing/render';
import { WaitlistScreen } from './waitlist-screen';

vi.mock('@/lib/realtime-client', async (actual) => ({
  ...(await actual<object>()),
  subscribeToServiceEvents: (options: SubscribeOptions) => fakeRealtime.subscribe(options),
}));

setupComponentTests();

/** Wednesday 9 January 2030, 10:00 in Manila: the clinic's today is 2030-01-09. */
const NOW = new Date('2030-01-09T02:00:00Z');
const now = () => NOW;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  await seed.dentists([
    { id: 1, name: 'Dr. Andrea Villanueva' },
    { id: 2, name: 'Dr. Ben Reyes' },
    { id: 3, name: 'Dr. Inactive', is_active: false },
  ]);
  await seed.patients([
    { id: 1, name: 'Maria Santos', phone: '0917 555 0101', messenger_id: '7000000000000001' },
    { id: 2, name: 'Jose Cruz', phone: '0917 555 0202', messenger_id: '7000000000000002' },
    { id: 3, name: 'Liza Tan', phone: '0917 555 0303', messenger_id: null },
  ]);
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
      dentist_id: null,
      from_date: '2030-01-10',
      to_date: '2030-01-20',
      preferred_weekdays: [3, 1],
      preferred_from: '09:00',
      preferred_to: '12:00',
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

/**
 * A live appointment of `dentist_id` was cancelled, freeing its slot at `slot_time`: the queue row
 * the service offers to those waiting (written by the appointments trigger in the product).
 */
async function freedSlot(dentist_id: number, slot_time: string) {
  const { rows: freed } = await realStack().query<{ id: number }>(
    `insert into public.waitlist_freed_slots (clinic_id, dentist_id, slot_time, appointment_id)
     values (1, $1, $2, 500) returning id::integer`,
    [dentist_id, slot_time],
  );
  return freed[0]!.id;
}

/** The service's offer of a freed slot to a waitlist entry (the harness's seed does not know the table). */
async function offer(
  entryId: number,
  freedSlotId: number,
  row: { slot_time: string; messenger_id: string; status: string; appointment_id?: number },
) {
  await realStack().query(
    `insert into public.waitlist_offers (clinic_id, entry_id, freed_slot_id, slot_time, messenger_id, status, appointment_id)
     values (1, $1, $2, $3, $4, $5, $6)`,
    [entryId, freedSlotId, row.slot_time, row.messenger_id, row.status, row.appointment_id ?? null],
  );
}

async function openScreen() {
  await renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
  await screen.findByRole('cell', { name: 'Jose Cruz' });
}

describe('the Waitlist screen', () => {
  it('lists open entries in waitlist order with their phone, dentist, dates, preferences and status, in clinic time', async () => {
    await seedEntries();
    await offer(11, await freedSlot(2, '2030-01-12T01:00:00Z'), {
      slot_time: '2030-01-12T01:00:00Z',
      messenger_id: '7000000000000001',
      status: 'sent',
    });
    await openScreen();
    expect(tableRows()).toEqual([
      [
        '1',
        'Jose Cruz',
        '0917 555 0202',
        'Dr. Andrea Villanueva',
        'January 10, 2030 – January 15, 2030',
        'Waiting',
        '',
      ],
      [
        '2',
        'Maria SantosMornings only',
        '0917 555 0101',
        'Dr. Ben Reyes',
        'January 12, 2030',
        'Offered Jan 12, 2030, 9:00 AM',
        '',
      ],
      [
        '3',
        'Liza TanNo Messenger ID: cannot be offered slots',
        '0917 555 0303',
        'Any dentist',
        'January 10, 2030 – January 20, 2030Mon, Wed · Mornings',
        'Waiting',
        '',
      ],
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show past bookings, ended and removed' }));
    expect(tableRows()[0]).toEqual([
      '–',
      'Maria Santos',
      '0917 555 0101',
      'Dr. Andrea Villanueva',
      'January 10, 2030 – January 20, 2030',
      'Removed',
      '',
    ]);
  });

  it('lists a new entry after years of booked and removed ones', async () => {
    // More closed entries than the list reads of them (500), all older than the open one.
    await realStack().query(
      `insert into public.waitlist_entries
         (clinic_id, patient_id, dentist_id, from_date, to_date, status, removed_at, created_at)
       select 1, 3, 1, '2029-01-01', '2029-01-02', 'removed', timestamptz '2029-01-02',
              timestamptz '2029-01-01' + n * interval '1 minute'
         from generate_series(1, 501) n`,
    );
    await seed.waitlist_entries([
      {
        patient_id: 1,
        dentist_id: 2,
        from_date: '2030-01-12',
        to_date: '2030-01-12',
        created_at: '2030-01-06T01:00:00Z',
      },
    ]);
    await renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
    await waitFor(() => expect(tableRows().map((cells) => cells[1])).toEqual(['Maria Santos']));
  });

  it('says so when nobody waits, and when the list cannot be read', async () => {
    await renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
    expect(await screen.findByText('Nobody is on the waitlist.')).toBeTruthy();
    cleanup();
    failNext({ method: 'GET', table: 'waitlist_entries' });
    await renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the waitlist.');
  });

  it('is refused to a dentist at render time', async () => {
    await renderWithQueries(<WaitlistTab />, { role: 'dentist' });
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this tab.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an offer and its booking as they happen, without a reload', async () => {
    await seedEntries();
    await openScreen();
    expect(fakeRealtime.clinics('waitlist-updated')).toEqual([1]);
    // The service offered Jose a freed slot and he took it (written "elsewhere"), then announced it.
    const slot = await freedSlot(1, '2030-01-11T06:20:00Z');
    await seed.appointments([
      { id: 99, patient_id: 2, dentist_id: 1, appointment_time: '2030-01-11T06:20:00Z', status: 'Scheduled' },
    ]);
    await realStack().query(
      `update public.waitlist_entries set status = 'booked', booked_appointment_id = 99 where id = 10`,
    );
    await offer(10, slot, {
      slot_time: '2030-01-11T06:20:00Z',
      messenger_id: '7000000000000002',
      status: 'booked',
      appointment_id: 99,
    });
    fakeRealtime.emit('waitlist-updated', { clinic_id: 1, entry_id: 10 });
    // An upcoming booking stays in the list, saying when.
    expect(await screen.findByText('Booked Jan 11, 2030, 2:20 PM')).toBeTruthy();
    expect(tableRows()[0]?.slice(0, 2)).toEqual(['–', 'Jose Cruz']);
  });

  describe('Add to Waitlist', () => {
    async function openAdd() {
      const user = userEvent.setup();
      await renderWithQueries(<WaitlistScreen clinicId={1} now={now} />);
      await screen.findByText('Nobody is on the waitlist.');
      await user.click(screen.getByRole('button', { name: 'Add to Waitlist' }));
      return { user, modal: within(await screen.findByRole('dialog', { name: 'Add to Waitlist' })) };
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
      expect(await rows('waitlist_entries')).toMatchObject([
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

    it('adds an entry for any dentist on the ticked days and time of day, and lists it so', async () => {
      const { user, modal } = await openAdd();
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'jose');
      await user.click(await modal.findByRole('option', { name: /^Jose Cruz/ }));
      await user.selectOptions(modal.getByLabelText('Dentist'), 'Any dentist');
      const days = within(modal.getByRole('group', { name: 'Days' }));
      expect(days.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
      ]);
      await user.click(days.getByRole('checkbox', { name: 'Saturday' }));
      await user.click(days.getByRole('checkbox', { name: 'Tuesday' }));
      await user.selectOptions(modal.getByLabelText('Time of day'), 'Afternoons (1:00 PM – 6:00 PM)');
      fireEvent.change(modal.getByLabelText('To'), { target: { value: '2030-01-31' } });
      await user.click(modal.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Patient added to the waitlist.')).toBeTruthy();
      expect(await rows('waitlist_entries')).toMatchObject([
        {
          patient_id: 2,
          dentist_id: null,
          preferred_weekdays: [2, 6],
          preferred_from: '13:00:00',
          preferred_to: '18:00:00',
          from_date: '2030-01-09',
          to_date: '2030-01-31',
        },
      ]);
      await waitFor(() =>
        expect(tableRows()).toEqual([
          [
            '1',
            'Jose Cruz',
            '0917 555 0202',
            'Any dentist',
            'January 9, 2030 – January 31, 2030Tue, Sat · Afternoons',
            'Waiting',
            '',
          ],
        ]),
      );
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
      expect(await rows('waitlist_entries')).toEqual([]);
    });

    it('keeps everything typed and says why when the patient already waits for that dentist', async () => {
      const { user, modal } = await openAdd();
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'Jose');
      await user.click(await modal.findByRole('option', { name: /^Jose Cruz/ }));
      await user.selectOptions(modal.getByLabelText('Dentist'), 'Dr. Andrea Villanueva');
      // Meanwhile another desk put Jose on Dr. Villanueva's waitlist: the one open entry per
      // patient and dentist refuses a second.
      await seed.waitlist_entries([{ patient_id: 2, dentist_id: 1, from_date: '2030-01-10', to_date: '2030-01-15' }]);
      await user.click(modal.getByRole('button', { name: 'Save' }));
      const alert = await modal.findByRole('alert');
      expect(alert.textContent).toContain('Failed to add to the waitlist.');
      expect(alert.textContent).toContain('This patient is already on the waitlist for this dentist.');
      expect((modal.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Jose Cruz');
      expect((modal.getByLabelText('Dentist') as HTMLSelectElement).value).toBe('1');
      expect(await rows('waitlist_entries')).toHaveLength(1);
    });

    it('stays open with what was typed while a live event re-reads the list', async () => {
      const { user, modal } = await openAdd();
      const dialog = screen.getByRole('dialog', { name: 'Add to Waitlist' });
      await user.type(modal.getByRole('combobox', { name: 'Patient' }), 'Jose');
      await user.click(await modal.findByRole('option', { name: /^Jose Cruz/ }));
      await user.type(modal.getByLabelText('Note (optional)'), 'Afternoons');

      // Another desk put Maria on the waitlist.
      await seedEntries();
      fakeRealtime.emit('waitlist-updated', { clinic_id: 1, entry_id: 11 });
      await waitFor(() => expect(tableRows().length).toBeGreaterThan(0));

      expect(screen.getByRole('dialog', { name: 'Add to Waitlist' })).toBe(dialog);
      expect((modal.getByRole('combobox', { name: 'Patient' }) as HTMLInputElement).value).toBe('Jose Cruz');
      expect((modal.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Afternoons');
    });
  });

  describe('Remove', () => {
    it('asks first, then marks the entry removed and drops it from the list', async () => {
      await seedEntries();
      await openScreen();
      fireEvent.click(screen.getByRole('button', { name: 'Remove Jose Cruz from the waitlist' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, remove' }));
      expect(await screen.findByText('Removed from the waitlist.')).toBeTruthy();
      expect((await rows('waitlist_entries', { id: 10 }))[0]?.status).toBe('removed');
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'Jose Cruz' })).toBeNull());
    });

    it('changes nothing when staff cancel the question', async () => {
      await seedEntries();
      await openScreen();
      fireEvent.click(screen.getByRole('button', { name: 'Remove Jose Cruz from the waitlist' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Yes, remove' })).toBeNull());
      expect((await rows('waitlist_entries', { id: 10 }))[0]?.status).toBe('waiting');
    });

    it('says the entry was already closed when the database refuses the removal', async () => {
      await seedEntries();
      await openScreen();
      // Jose took an offered slot meanwhile: the database refuses to remove a booked entry.
      await realStack().query(`update public.waitlist_entries set status = 'booked' where id = 10`);
      fireEvent.click(screen.getByRole('button', { name: 'Remove Jose Cruz from the waitlist' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, remove' }));
      expect((await screen.findByRole('alert')).textContent).toContain(
        'Failed to remove the entry. This entry was already booked or removed.',
      );
      expect((await rows('waitlist_entries', { id: 10 }))[0]?.status).toBe('booked');
    });
  });
});
