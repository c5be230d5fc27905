// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '@/components/modal/modal';
import { NOW_REFRESH_MS } from '@/lib/use-now';
import { countRequests, failNext, prepareDom, realStack, rows, seed, setupRealDatabase } from '@/testing/real-db';
import { renderWithQueries } from '../../model/testing/render';
import { AvailabilityManager } from './availability-manager';

// Wednesday 9 January 2030, 10:00 in Manila (02:00Z).
const NOW = new Date('2030-01-09T02:00:00Z');

setupRealDatabase();

beforeEach(() => {
  prepareDom();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Dentist 1 is Dr. Paolo Dimaculangan, with blocks 101 (today, 09:00–10:00) and 102 (the 15th). */
async function seedClinic() {
  await seed.clinics([{ id: 1 }]);
  await seed.patients([{ id: 1, name: 'Ana Santos' }]);
  await seed.dentists([
    { name: 'Dr. Paolo Dimaculangan' },
    { name: 'dr. andrea villanueva' },
    { name: 'Dr. Gone', deleted: true },
    { name: 'Dr. Ramon Bautista', is_active: false },
  ]);
  await seed.dentist_availability([
    { id: 101, dentist_id: 1, specific_date: '2030-01-09', start_time: '09:00:00', end_time: '10:00:00' },
    { id: 102, dentist_id: 1, specific_date: '2030-01-15', start_time: '13:00:00', end_time: '15:00:00' },
  ]);
  await seed.appointments([
    { dentist_id: 1, appointment_time: '2030-01-09T06:20:00Z' }, // 14:20 Manila
    { dentist_id: 1, appointment_time: '2030-01-10T01:00:00Z' }, // the next day, 09:00
  ]);
  return { saves: countRequests({ rpc: 'save_availability_day' }) };
}

/** The stored blocks as [date, start, end], in date and time order. */
const storedBlocks = async () =>
  (await rows('dentist_availability'))
    .map((block) => [block.specific_date, block.start_time, block.end_time])
    .sort((a, b) => a.join().localeCompare(b.join()));

const slot = (time: string) => document.querySelector<HTMLButtonElement>(`[data-hour="${time}"]`)!;
const states = () =>
  Object.fromEntries(
    Array.from(document.querySelectorAll<HTMLElement>('[data-hour]')).map((el) => [el.dataset.hour, el.dataset.state]),
  );
const counts = () => ({
  available: screen.getByTestId('count-available').textContent,
  blocked: screen.getByTestId('count-blocked').textContent,
  booked: screen.getByTestId('count-booked').textContent,
});

async function embedded(seedMore?: () => Promise<unknown>) {
  const functions = await seedClinic();
  await seedMore?.();
  const user = userEvent.setup();
  await renderWithQueries(<AvailabilityManager dentist={{ id: 1, name: 'Dr. Paolo Dimaculangan' }} />);
  await waitFor(() => expect(slot('09:00')).toBeTruthy());
  return { functions, user };
}

/** Opens the manager at `now`, with the clock's minute checks under the test's hand. */
async function embeddedAt(now: string, seedMore?: () => Promise<unknown>) {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date(now));
  return embedded(seedMore);
}

/** The next minute check, at the clinic's midnight when opened at 23:59. */
const nextMinute = () => act(() => vi.advanceTimersByTime(NOW_REFRESH_MS));

const day = (label: string) => screen.getByRole('button', { name: label }) as HTMLButtonElement;

async function confirmWith(button: 'Yes, delete' | 'Cancel') {
  fireEvent.click(await screen.findByRole('button', { name: button }));
}

describe('the Availability Manager, standalone', () => {
  it("has its own title and a 'Select Dentist' dropdown of the clinic's dentists", async () => {
    await seedClinic();
    await renderWithQueries(<AvailabilityManager />);
    expect(await screen.findByRole('heading', { name: 'Dentist Availability Manager' })).toBeTruthy();
    const select = screen.getByLabelText('Select Dentist');
    await within(select).findByRole('option', { name: 'Dr. Paolo Dimaculangan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Dentist', 'dr. andrea villanueva', 'Dr. Paolo Dimaculangan', 'Dr. Ramon Bautista (Inactive)']);
    expect(screen.getAllByText('Select a dentist to see their hours.').length).toBeGreaterThan(0);
  });

  it("warns 'Dentist and date required!' on Save and Delete all without a dentist, sending nothing", async () => {
    const functions = await seedClinic();
    const user = userEvent.setup();
    await renderWithQueries(<AvailabilityManager />);
    await screen.findByRole('heading', { name: 'Dentist Availability Manager' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Dentist and date required!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete all blocks' }));
    await waitFor(() => expect(screen.getAllByText('Dentist and date required!')).toHaveLength(2));
    expect(functions.saves.count).toBe(0);
    expect(await storedBlocks()).toEqual([
      ['2030-01-09', '09:00:00', '10:00:00'],
      ['2030-01-15', '13:00:00', '15:00:00'],
    ]);
    expect(screen.queryByRole('button', { name: 'Yes, delete' })).toBeNull();
  });

  it("shows the chosen dentist's hours", async () => {
    await seedClinic();
    const user = userEvent.setup();
    await renderWithQueries(<AvailabilityManager />);
    const select = await screen.findByLabelText('Select Dentist');
    await within(select).findByRole('option', { name: 'Dr. Paolo Dimaculangan' });
    await user.selectOptions(select, 'Dr. Paolo Dimaculangan');
    await waitFor(() => expect(states()['09:00']).toBe('blocked'));
    expect(states()['14:00']).toBe('booked');
  });
});

describe('the Availability Manager, embedded with a fixed dentist', () => {
  it("shows neither title nor dropdown, and starts on the clinic's today", async () => {
    await embedded();
    expect(screen.queryByRole('heading', { name: 'Dentist Availability Manager' })).toBeNull();
    expect(screen.queryByLabelText('Select Dentist')).toBeNull();
    expect(screen.getByRole('button', { name: 'Wednesday, January 9, 2030' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('disables Sundays and past dates, and never pages back before this month', async () => {
    const { user } = await embedded();
    expect(screen.getByRole('heading', { name: 'January 2030' })).toBeTruthy();
    const day = (label: string) => screen.getByRole('button', { name: label }) as HTMLButtonElement;
    expect(day('Tuesday, January 8, 2030').disabled).toBe(true);
    expect(day('Sunday, January 13, 2030').disabled).toBe(true);
    expect(day('Saturday, January 12, 2030').disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'February 2030' })).toBeTruthy();
    expect(day('Sunday, February 3, 2030').disabled).toBe(true);
    expect(day('Friday, February 1, 2030').disabled).toBe(false);
  });

  it('shows nine hour slots 09:00–17:00 in 12-hour labels, lunch fixed, booked and blocked from the data', async () => {
    await embedded();
    const labels = Array.from(document.querySelectorAll('.hour-slot-time')).map((el) => el.textContent);
    expect(labels).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
      '5:00 PM',
    ]);
    expect(states()).toEqual({
      '09:00': 'blocked',
      '10:00': 'available',
      '11:00': 'available',
      '12:00': 'lunch',
      '13:00': 'available',
      '14:00': 'booked',
      '15:00': 'available',
      '16:00': 'available',
      '17:00': 'available',
    });
    expect(slot('12:00').textContent).toContain('Lunch Break');
    expect(slot('12:00').getAttribute('aria-disabled')).toBe('true');
    expect(slot('14:00').getAttribute('aria-disabled')).toBe('true');
    expect(counts()).toEqual({ available: '6', blocked: '1', booked: '1' });
    const legend = within(screen.getByRole('list', { name: 'Legend' }));
    expect(legend.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Available',
      'Blocked',
      'Booked',
      'Lunch Break',
    ]);
  });

  it('toggles available ↔ blocked, and clicking booked or lunch does nothing', async () => {
    const { user } = await embedded();
    await user.click(slot('10:00'));
    expect(states()['10:00']).toBe('blocked');
    await user.click(slot('09:00'));
    expect(states()['09:00']).toBe('available');
    await user.click(slot('12:00'));
    await user.click(slot('14:00'));
    expect(states()).toMatchObject({ '12:00': 'lunch', '14:00': 'booked' });
    expect(counts()).toEqual({ available: '6', blocked: '1', booked: '1' });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it("saves the day with one RPC of merged runs, then says 'Saved!'", async () => {
    const { functions, user } = await embedded();
    for (const time of ['10:00', '11:00', '16:00', '17:00']) await user.click(slot(time));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeTruthy();
    expect(functions.saves.count).toBe(1);
    expect(await storedBlocks()).toEqual([
      ['2030-01-09', '09:00:00', '12:00:00'],
      ['2030-01-09', '16:00:00', '18:00:00'],
      ['2030-01-15', '13:00:00', '15:00:00'],
    ]);
    const table = within(screen.getByRole('table', { name: 'Blocked Periods' }));
    await waitFor(() =>
      expect(
        table
          .getAllByRole('row')
          .slice(1)
          .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent)),
      ).toEqual([
        ['2030-01-09', '9:00 AM', '12:00 PM', 'Delete'],
        ['2030-01-09', '4:00 PM', '6:00 PM', 'Delete'],
        ['2030-01-15', '1:00 PM', '3:00 PM', 'Delete'],
      ]),
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("says 'Error saving!' when the save fails and keeps the clicks", async () => {
    const { user } = await embedded();
    failNext({ rpc: 'save_availability_day' });
    await user.click(slot('15:00'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error saving!')).toBeTruthy();
    expect(states()['15:00']).toBe('blocked');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(await storedBlocks()).toEqual([
      ['2030-01-09', '09:00:00', '10:00:00'],
      ['2030-01-15', '13:00:00', '15:00:00'],
    ]);
  });

  it('says why when another desk booked a clicked hour meanwhile, and shows that hour Booked', async () => {
    const { user } = await embedded();
    await user.click(slot('15:00'));
    await user.click(slot('16:00'));
    // Another desk books 15:20 after this grid was read.
    await seed.appointments([{ dentist_id: 1, appointment_time: '2030-01-09T07:20:00Z' }]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Error saving! An appointment was booked in one of these hours meanwhile; it now shows as Booked.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(states()).toMatchObject({ '15:00': 'booked', '16:00': 'blocked' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(await storedBlocks()).toEqual([
      ['2030-01-09', '09:00:00', '10:00:00'],
      ['2030-01-15', '13:00:00', '15:00:00'],
    ]);
  });

  describe('when another desk changed the day after this grid was read', () => {
    const CHANGED =
      'This day was changed at another desk meanwhile; it now shows their changes. Check it and try again.';
    /** Another desk's block of Wednesday the 9th, stored behind the open grid. */
    const blockBehindTheGrid = (start: string, end: string) =>
      realStack().query(
        `insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time)
         values (1, 1, '2030-01-09', $1, $2)`,
        [start, end],
      );

    it("says so, shows that desk's blocks with the clicks kept, and a second Save keeps both", async () => {
      const { functions, user } = await embedded();
      await user.click(slot('10:00'));
      // Another desk frees 09:00 and blocks 15:00–17:00 (leave).
      await realStack().query('delete from public.dentist_availability where id = 101');
      await blockBehindTheGrid('15:00', '17:00');

      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(`Error saving! ${CHANGED}`)).toBeTruthy();
      expect(await storedBlocks()).toEqual([
        ['2030-01-09', '15:00:00', '17:00:00'],
        ['2030-01-15', '13:00:00', '15:00:00'],
      ]);
      await waitFor(() =>
        expect(states()).toMatchObject({
          '09:00': 'available',
          '10:00': 'blocked',
          '15:00': 'blocked',
          '16:00': 'blocked',
          '17:00': 'available',
        }),
      );
      expect(screen.getByText('Unsaved changes')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Delete block 2030-01-09 3:00 PM–5:00 PM' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Delete block 2030-01-09 9:00 AM–10:00 AM' })).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Saved!')).toBeTruthy();
      expect(functions.saves.count).toBe(2);
      expect(await storedBlocks()).toEqual([
        ['2030-01-09', '10:00:00', '11:00:00'],
        ['2030-01-09', '15:00:00', '17:00:00'],
        ['2030-01-15', '13:00:00', '15:00:00'],
      ]);
      await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    });

    it("refuses Delete all, and shows that desk's block for the user to see first", async () => {
      const { user } = await embedded();
      await blockBehindTheGrid('16:00', '18:00');
      await user.click(screen.getByRole('button', { name: 'Delete all blocks' }));
      await confirmWith('Yes, delete');
      expect(await screen.findByText(`Error deleting! ${CHANGED}`)).toBeTruthy();
      await waitFor(() => expect(states()).toMatchObject({ '16:00': 'blocked', '17:00': 'blocked' }));
      expect(await storedBlocks()).toEqual([
        ['2030-01-09', '09:00:00', '10:00:00'],
        ['2030-01-09', '16:00:00', '18:00:00'],
        ['2030-01-15', '13:00:00', '15:00:00'],
      ]);
    });

    it('refuses Delete of a block whose day was saved anew there, and shows the day as stored', async () => {
      const { user } = await embedded();
      // Another desk saves the 15th with the same block: the day's blocks are written anew (new id).
      await realStack().query('delete from public.dentist_availability where id = 102');
      await realStack().query(
        `insert into public.dentist_availability (clinic_id, dentist_id, specific_date, start_time, end_time)
         values (1, 1, '2030-01-15', '13:00', '15:00')`,
      );
      await user.click(screen.getByRole('button', { name: 'Delete block 2030-01-15 1:00 PM–3:00 PM' }));
      await confirmWith('Yes, delete');
      expect(await screen.findByText(`Error deleting! ${CHANGED}`)).toBeTruthy();
      expect(screen.queryByText('Deleted!')).toBeNull();
      expect(await storedBlocks()).toEqual([
        ['2030-01-09', '09:00:00', '10:00:00'],
        ['2030-01-15', '13:00:00', '15:00:00'],
      ]);
      expect(screen.getByRole('button', { name: 'Delete block 2030-01-15 1:00 PM–3:00 PM' })).toBeTruthy();
    });
  });

  it("deletes one block after 'Delete block?' / 'Delete this block?', then says 'Deleted!'", async () => {
    const { user } = await embedded();
    await user.click(screen.getByRole('button', { name: 'Delete block 2030-01-15 1:00 PM–3:00 PM' }));
    expect(await screen.findByText('Delete block?')).toBeTruthy();
    expect(screen.getByText('Delete this block?')).toBeTruthy();
    await confirmWith('Cancel');
    await waitFor(() => expect(screen.queryByText('Delete block?')).toBeNull());
    expect(await rows('dentist_availability', { id: 102 })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete block 2030-01-15 1:00 PM–3:00 PM' }));
    await confirmWith('Yes, delete');
    expect(await screen.findByText('Deleted!')).toBeTruthy();
    expect(await storedBlocks()).toEqual([['2030-01-09', '09:00:00', '10:00:00']]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /2030-01-15/ })).toBeNull());
  });

  it("keeps the day's other unsaved clicks when one of its blocks is deleted", async () => {
    const { user } = await embedded();
    await user.click(slot('15:00'));
    await user.click(slot('16:00'));
    await user.click(screen.getByRole('button', { name: 'Delete block 2030-01-09 9:00 AM–10:00 AM' }));
    await confirmWith('Yes, delete');
    expect(await screen.findByText('Deleted!')).toBeTruthy();
    await waitFor(() =>
      expect(states()).toMatchObject({ '09:00': 'available', '15:00': 'blocked', '16:00': 'blocked' }),
    );
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it("deletes every block of the date after 'Delete blocks?', then says 'All blocks deleted!'", async () => {
    const { user } = await embedded();
    await user.click(screen.getByRole('button', { name: 'Delete all blocks' }));
    expect(await screen.findByText('Delete blocks?')).toBeTruthy();
    expect(screen.getByText('Delete ALL blocks for 2030-01-09? This cannot be undone.')).toBeTruthy();
    await confirmWith('Yes, delete');
    expect(await screen.findByText('All blocks deleted!')).toBeTruthy();
    expect(await storedBlocks()).toEqual([['2030-01-15', '13:00:00', '15:00:00']]);
    await waitFor(() => expect(states()['09:00']).toBe('available'));
  });

  it('reads the booked hours from the clinic zone whatever the browser zone is', async () => {
    await embedded();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Thursday, January 10, 2030' }));
    await waitFor(() => expect(states()['09:00']).toBe('booked'));
    expect(counts().booked).toBe('1');
  });

  it("asks 'Discard unsaved changes?' before another date, Esc or × drop the clicks: Keep stays, Discard goes on", async () => {
    await seedClinic();
    const user = userEvent.setup();
    const onClose = vi.fn();
    await renderWithQueries(
      <Modal open title="Dr. Paolo Dimaculangan" onClose={onClose} size="large">
        <AvailabilityManager dentist={{ id: 1, name: 'Dr. Paolo Dimaculangan' }} />
      </Modal>,
    );
    await waitFor(() => expect(slot('10:00')).toBeTruthy());
    const title = () => document.querySelector('.availability-day-title')!.textContent;
    const answer = async (button: 'Keep' | 'Discard') => {
      expect(await screen.findByText('Discard unsaved changes?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(screen.queryByText('Discard unsaved changes?')).toBeNull());
    };

    // Nothing clicked yet: another date opens without a question.
    await user.click(screen.getByRole('button', { name: 'Thursday, January 10, 2030' }));
    expect(title()).toContain('2030-01-10');
    await user.click(slot('10:00'));
    expect(states()['10:00']).toBe('blocked');

    await user.click(screen.getByRole('button', { name: 'Friday, January 11, 2030' }));
    await answer('Keep');
    expect(title()).toContain('2030-01-10');
    expect(states()['10:00']).toBe('blocked');

    await user.keyboard('{Escape}');
    await answer('Keep');
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await answer('Keep');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Friday, January 11, 2030' }));
    await answer('Discard');
    // The dialog's answer settles before the date changes: wait for the change, not the next tick.
    await waitFor(() => expect(title()).toContain('2030-01-11'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await user.click(slot('11:00'));
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await answer('Discard');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("moves on to the first day offered at the clinic's midnight, reading from that day on", async () => {
    // Thursday 31 January 2030, 23:59 in Manila.
    await embeddedAt('2030-01-31T15:59:00Z', () =>
      seed.dentist_availability([
        { id: 103, dentist_id: 1, specific_date: '2030-01-31', start_time: '10:00:00', end_time: '11:00:00' },
        { id: 104, dentist_id: 1, specific_date: '2030-02-01', start_time: '13:00:00', end_time: '14:00:00' },
      ]),
    );
    expect(screen.getByRole('heading', { name: 'January 2030' })).toBeTruthy();
    expect(day('Thursday, January 31, 2030').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(states()['10:00']).toBe('blocked'));
    expect(screen.getByRole('button', { name: 'Delete block 2030-01-31 10:00 AM–11:00 AM' })).toBeTruthy();

    nextMinute();
    expect(await screen.findByRole('heading', { name: 'February 2030' })).toBeTruthy();
    expect(day('Friday, February 1, 2030').getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.availability-day-title')!.textContent).toContain('2030-02-01');
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(states()).toMatchObject({ '10:00': 'available', '13:00': 'blocked' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Delete block 2030-01-31/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete block 2030-02-01 1:00 PM–2:00 PM' })).toBeTruthy();
  });

  it('keeps a day with unsaved clicks past midnight, as stored and clicked, no longer offered', async () => {
    // Wednesday 9 January 2030, 23:59 in Manila.
    const { user } = await embeddedAt('2030-01-09T15:59:00Z');
    await user.click(slot('09:00')); // unblocks the stored 09:00–10:00
    expect(states()['09:00']).toBe('available');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    nextMinute();
    await waitFor(() => expect(day('Wednesday, January 9, 2030').disabled).toBe(true));
    expect(day('Wednesday, January 9, 2030').getAttribute('aria-pressed')).toBe('true');
    expect(day('Thursday, January 10, 2030').getAttribute('aria-pressed')).toBe('false');
    expect(document.querySelector('.availability-day-title')!.textContent).toContain('2030-01-09');
    expect(states()).toMatchObject({ '09:00': 'available', '14:00': 'booked' });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete block 2030-01-09 9:00 AM–10:00 AM' })).toBeTruthy();
  });
});
