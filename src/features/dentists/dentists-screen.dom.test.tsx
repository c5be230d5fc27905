// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failNext, pgError, prepareDom, realStack, rows, seed, setupRealDatabase } from '@/testing/real-db';
import { renderWithQueries } from './model/testing/render';
import DentistsTab from './tab';

setupRealDatabase();

beforeEach(async () => {
  prepareDom();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await seed.clinics([{ id: 1 }, { id: 2 }]);
  await seed.dentists([
    { name: 'dr. zed reyes', email: 'zed@example.test', phone: '0917 000 0003' },
    { name: 'Dr. Andrea Villanueva', email: 'andrea@example.test', phone: '0917 000 0001' },
    { name: 'Dr. Ramon Bautista', email: 'ramon@example.test', phone: '0917 000 0004', is_active: false },
    { name: 'dr. beth cruz', email: 'beth@example.test', phone: '0917 000 0002' },
    { name: 'Dr. Gone', email: 'gone@example.test', phone: '0917 000 0009', deleted: true },
    { name: 'Dr. Elsewhere', email: 'elsewhere@example.test', phone: '0917 000 0010', clinic_id: 2 },
  ]);
  // The patient of the appointments seeded below unless told.
  await seed.patients([{ id: 1, name: 'Ana Santos' }]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Seeded before each test: ids 1 zed, 2 Andrea, 3 Ramon (inactive), 4 beth, 5 Gone (deleted), 6 another clinic's. */
const ZED = 1;
const BETH = 4;
const storedDentists = () => rows('dentists');
const storedDentist = async (id: number) => (await rows('dentists', { id }))[0];
const updateDentist = (id: number, change: string) =>
  realStack().query(`update public.dentists set ${change} where id = $1`, [id]);

const names = () =>
  within(screen.getByRole('table', { name: 'Dentists' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

async function openedList() {
  await renderWithQueries(<DentistsTab />);
  await screen.findByRole('cell', { name: 'Dr. Andrea Villanueva' });
}

describe('the Dentists screen', () => {
  it('lists the live dentists sorted by name case-insensitively, with the spec columns', async () => {
    await openedList();
    expect(names()).toEqual(['Dr. Andrea Villanueva', 'dr. beth cruz', 'Dr. Ramon Bautista', 'dr. zed reyes']);
    const headers = within(screen.getByRole('table', { name: 'Dentists' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Phone', 'Status', 'Actions']);
    expect(within(rowOf('Dr. Ramon Bautista')).getByRole('button', { name: 'Inactive' })).toBeTruthy();
    const row = within(rowOf('dr. beth cruz'));
    expect(row.getByRole('button', { name: 'Manage Availability: dr. beth cruz' }).title).toBe('Manage Availability');
    expect(row.getByRole('button', { name: 'Edit dr. beth cruz' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Delete dr. beth cruz' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Dr. Gone' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Dr. Elsewhere' })).toBeNull();
  });

  it("shows 'Failed to fetch dentists' and an empty list when the read fails", async () => {
    failNext({ method: 'GET', table: 'dentists' });
    await renderWithQueries(<DentistsTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch dentists');
    expect(screen.queryByRole('cell', { name: 'Dr. Andrea Villanueva' })).toBeNull();
  });

  it('is refused to a dentist at render time too', async () => {
    await renderWithQueries(<DentistsTab />, { role: 'dentist' });
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this tab.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  describe('Add Dentist', () => {
    it('requires every field, whitespace counting as empty, and says so in the spec words', async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Add Dentist' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Dentist' }));
      expect(dialog.getByLabelText('Email').getAttribute('type')).toBe('email');
      expect(dialog.getByLabelText('Phone').getAttribute('type')).toBe('tel');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect(dialog.getByRole('alert').textContent).toBe('All dentist fields are required.');
      await user.type(dialog.getByLabelText('Name'), '   ');
      await user.type(dialog.getByLabelText('Email'), 'new@example.test');
      await user.type(dialog.getByLabelText('Phone'), '0917');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect(dialog.getByRole('alert').textContent).toBe('All dentist fields are required.');
      expect(await storedDentists()).toHaveLength(6);
    });

    it('cuts an over-long name saying so, and refuses a malformed e-mail with a clear message', async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Add Dentist' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Dentist' }));
      await user.click(dialog.getByLabelText('Name'));
      await user.paste('N'.repeat(201));
      expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'N'.repeat(200));
      expect(dialog.getByRole('status').textContent).toBe('Name can be at most 200 characters.');
      await user.type(dialog.getByLabelText('Email'), 'new@example.test');
      await user.type(dialog.getByLabelText('Phone'), '0917');
      await user.clear(dialog.getByLabelText('Name'));
      await user.type(dialog.getByLabelText('Name'), 'Dr. New');
      await user.clear(dialog.getByLabelText('Email'));
      await user.type(dialog.getByLabelText('Email'), 'not-an-email');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect(dialog.getByRole('alert').textContent).toBe('Please enter a valid email address, like name@example.com.');
      expect(await storedDentists()).toHaveLength(6);
    });

    it("adds one dentist on a double-click, closes, and shows 'Dentist added!' in the header", async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Add Dentist' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Dentist' }));
      await user.type(dialog.getByLabelText('Name'), '  Dr. Carla Mendoza ');
      await user.type(dialog.getByLabelText('Email'), 'carla@example.test');
      await user.type(dialog.getByLabelText('Phone'), '0917 555 0199');
      await user.dblClick(dialog.getByRole('button', { name: 'Save' }));
      await screen.findByText('Dentist added!');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect((await storedDentists()).filter((dentist) => dentist.email === 'carla@example.test')).toEqual([
        expect.objectContaining({
          name: 'Dr. Carla Mendoza',
          email: 'carla@example.test',
          phone: '0917 555 0199',
          is_active: true,
          clinic_id: 1,
          deleted: false,
        }),
      ]);
      expect(await screen.findByRole('cell', { name: 'Dr. Carla Mendoza' })).toBeTruthy();
    });

    it("keeps what the user typed when the insert fails, with 'Error creating dentist.'", async () => {
      failNext({ method: 'POST', table: 'dentists' });
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Add Dentist' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Dentist' }));
      await user.type(dialog.getByLabelText('Name'), 'Dr. Carla Mendoza');
      await user.type(dialog.getByLabelText('Email'), 'carla@example.test');
      await user.type(dialog.getByLabelText('Phone'), '0917');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect((await dialog.findByRole('alert')).textContent).toContain('Error creating dentist.');
      expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Dr. Carla Mendoza');
      expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('carla@example.test');
      expect(await storedDentists()).toHaveLength(6);
    });
  });

  describe('Edit Dentist', () => {
    it("requires every field ('All fields required.') and saves with 'Dentist updated!'", async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Edit dr. beth cruz' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Dentist' }));
      expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('beth@example.test');
      await user.clear(dialog.getByLabelText('Phone'));
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect(dialog.getByRole('alert').textContent).toBe('All fields required.');
      await user.type(dialog.getByLabelText('Phone'), '0999 111 2222');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      await screen.findByText('Dentist updated!');
      expect(await storedDentist(BETH)).toMatchObject({
        name: 'dr. beth cruz',
        email: 'beth@example.test',
        phone: '0999 111 2222',
        is_active: true,
        clinic_id: 1,
      });
      expect((await storedDentists()).filter((dentist) => dentist.phone === '0999 111 2222')).toHaveLength(1);
      expect(await screen.findByRole('cell', { name: '0999 111 2222' })).toBeTruthy();
    });

    it('says clearly that the dentist is gone when it was deleted in another tab, keeping the form', async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Edit dr. beth cruz' }));
      await updateDentist(BETH, 'deleted = true');
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Dentist' }));
      await user.type(dialog.getByLabelText('Name'), ' MD');
      await user.click(dialog.getByRole('button', { name: 'Save' }));
      const alert = await dialog.findByRole('alert');
      expect(alert.textContent).toContain('Error updating dentist.');
      expect(alert.textContent).toContain('It may have been deleted in another tab.');
      expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('dr. beth cruz MD');
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'dr. beth cruz' })).toBeNull());
      expect((await storedDentist(BETH))?.name).toBe('dr. beth cruz');
    });
  });

  describe('Edit Dentist when someone else saved the dentist meanwhile', () => {
    const CHANGED =
      'Someone else changed this dentist while you were editing. The form now shows their changes, with yours kept: check it, then save again.';

    it('keeps Active as another user set it in the list, and the phone typed here', async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: 'Edit dr. beth cruz' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Edit Dentist' }));
      await user.clear(dialog.getByLabelText('Phone'));
      await user.type(dialog.getByLabelText('Phone'), '0999 555 0000');
      // Another receptionist marks her inactive from the list.
      await updateDentist(BETH, 'is_active = false');

      await user.click(dialog.getByRole('button', { name: 'Save' }));
      expect((await dialog.findByRole('alert')).textContent).toBe(CHANGED);
      expect(await storedDentist(BETH)).toMatchObject({ phone: '0917 000 0002', is_active: false });
      expect((dialog.getByLabelText('Active') as HTMLInputElement).checked).toBe(false);
      expect((dialog.getByLabelText('Phone') as HTMLInputElement).value).toBe('0999 555 0000');

      await user.click(dialog.getByRole('button', { name: 'Save' }));
      await screen.findByText('Dentist updated!');
      expect(await storedDentist(BETH)).toMatchObject({ phone: '0999 555 0000', is_active: false });
    });
  });

  describe('the Status cell', () => {
    it('toggles both ways with the spec messages', async () => {
      const user = userEvent.setup();
      await openedList();
      await user.click(within(rowOf('dr. zed reyes')).getByRole('button', { name: 'Active' }));
      await screen.findByText('Dentist marked as Inactive!');
      expect((await storedDentist(ZED))?.is_active).toBe(false);
      await within(rowOf('dr. zed reyes')).findByRole('button', { name: 'Inactive' });
      await user.click(within(rowOf('Dr. Ramon Bautista')).getByRole('button', { name: 'Inactive' }));
      await screen.findByText('Dentist marked as Active!');
      await within(rowOf('Dr. Ramon Bautista')).findByRole('button', { name: 'Active' });
      expect((await storedDentists()).map((dentist) => dentist.is_active)).toEqual([
        false,
        true,
        true,
        true,
        true,
        true,
      ]);
    });

    it("shows 'Error toggling status.' when the update fails", async () => {
      failNext({ method: 'PATCH', table: 'dentists' });
      const user = userEvent.setup();
      await openedList();
      await user.click(within(rowOf('dr. zed reyes')).getByRole('button', { name: 'Active' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Error toggling status.');
      expect((await storedDentist(ZED))?.is_active).toBe(true);
    });
  });

  describe('Delete', () => {
    /** Opens Confirm Delete for the dentist and confirms; `meanwhile` runs just before the confirmation. */
    async function openDelete(name: string, meanwhile: () => Promise<unknown> = async () => undefined) {
      const user = userEvent.setup();
      await openedList();
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
      await meanwhile();
      await user.click(dialog.getByRole('button', { name: 'Delete' }));
      return { user, dialog };
    }

    it.each([
      ['hard_deleted', 'Dentist deleted!', [], undefined],
      ['soft_deleted', 'Dentist soft deleted!', [{ status: 'Completed' as const }], true],
    ])('%s: closes the modal and says %s', async (_outcome, message, appointments, storedAsDeleted) => {
      await seed.appointments(
        appointments.map((row) => ({ ...row, dentist_id: ZED, appointment_time: '2020-01-09T02:00:00Z' })),
      );
      await openDelete('dr. zed reyes');
      await screen.findByText(message);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect((await storedDentist(ZED))?.deleted).toBe(storedAsDeleted);
    });

    it('blocked: lists the future appointments in clinic time and deletes nothing', async () => {
      await seed.patients([
        { id: 9, name: 'Maria Santos' },
        { id: 10, name: 'Gone Patient' },
      ]);
      await seed.appointments([
        {
          id: 78,
          dentist_id: ZED,
          patient_id: 10,
          status: 'Confirmed',
          appointment_time: '2030-01-10T06:00:00Z',
          reason: null,
        },
        {
          id: 77,
          dentist_id: ZED,
          patient_id: 9,
          status: 'Scheduled',
          appointment_time: '2030-01-09T02:20:00+00:00',
          reason: 'Cleaning',
        },
        { dentist_id: ZED, patient_id: 9, status: 'Cancelled', appointment_time: '2030-01-11T02:00:00Z' },
        { dentist_id: ZED, patient_id: 9, status: 'Completed', appointment_time: '2020-01-11T02:00:00Z' },
      ]);
      // Deleted after booking (a booking for a deleted patient is refused).
      await realStack().query(`update public.patients set deleted = true where id = 10`);
      const { dialog } = await openDelete('dr. zed reyes');
      const table = await dialog.findByRole('table');
      const rows = within(table)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('th,td')).map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['Patient', 'Appointment ID', 'Status', 'Time', 'Procedure'],
        ['Maria Santos', '77', 'Scheduled', 'Wed 2030-01-09, 10:20 AM', 'Cleaning'],
        ['Unknown', '78', 'Confirmed', 'Thu 2030-01-10, 2:00 PM', '—'],
      ]);
      expect(dialog.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(screen.getByRole('cell', { name: 'dr. zed reyes' })).toBeTruthy();
      expect((await storedDentist(ZED))?.deleted).toBe(false);
    });

    it("check error: 'Error checking appointments for this dentist.' with the modal open", async () => {
      failNext({ rpc: 'delete_dentist' }, pgError('XX000'));
      const { dialog } = await openDelete('dr. zed reyes');
      expect((await dialog.findByRole('alert')).textContent).toBe('Error checking appointments for this dentist.');
      expect(screen.getByRole('dialog', { name: 'Confirm Delete' })).toBeTruthy();
      expect(dialog.getByRole('button', { name: 'Delete' })).toBeTruthy();
      expect((await storedDentist(ZED))?.deleted).toBe(false);
    });

    it.each([
      ['dentist_delete_failed', 'Error deleting dentist.'],
      ['dentist_soft_delete_failed', 'Error soft deleting dentist.'],
    ])("the database refusing the delete itself (%s): '%s', Delete offered again", async (hint, text) => {
      failNext({ rpc: 'delete_dentist' }, pgError('42501', 'Dentist 1 could not be deleted.', { hint }));
      const { dialog } = await openDelete('dr. zed reyes');
      expect((await dialog.findByRole('alert')).textContent).toBe(text);
      expect(dialog.getByRole('button', { name: 'Delete' })).toBeTruthy();
      expect((await storedDentist(ZED))?.deleted).toBe(false);
    });

    it('check error because the dentist was deleted in another tab: says so and offers no retry', async () => {
      const { dialog } = await openDelete('dr. zed reyes', () => updateDentist(ZED, 'deleted = true'));
      const alert = await dialog.findByRole('alert');
      expect(alert.textContent).toContain('Error checking appointments for this dentist.');
      expect(alert.textContent).toContain('It may have been deleted in another tab.');
      expect(dialog.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(dialog.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    });
  });

  it('opens the Availability Manager in a large modal titled with the dentist name', async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Manage Availability: dr. beth cruz' }));
    const dialog = screen.getByRole('dialog', { name: 'dr. beth cruz' });
    expect(dialog.className).toContain('modal-large');
    expect(await within(dialog).findByRole('heading', { name: 'Blocked Periods' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('Select Dentist')).toBeNull();
  });
});
