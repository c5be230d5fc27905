// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import type { AppointmentRow, PatientRow } from '@/lib/database.types';
import { failNext, holdNext, realStack, rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { timeOnScreen } from '@/testing/time-on-screen';
import { PatientsView } from './patients-screen';

setupComponentTests();

beforeEach(async () => {
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  await seed.dentists([{ name: 'Dr. Andrea Villanueva' }, { name: 'Dr. Katrina Lim' }]);
});

const ana = { id: 1, name: 'Ana Santos', phone: '+63 917 555 0101', messenger_id: '24680135792468' };
const ben = { id: 2, name: 'Ben Cruz', phone: '0918 555 0202', messenger_id: null };
const carla = { id: 3, name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: 'PSID-Carla' };

/** Dentist 1 is Dr. Andrea Villanueva, 2 Dr. Katrina Lim (seeded before each test). */
const appointment = (overrides: Partial<AppointmentRow> & { patient_id: number }): Partial<AppointmentRow> => ({
  dentist_id: 1,
  appointment_time: '2030-01-07T01:00:00+00:00',
  reason: 'Oral Prophylaxis (Cleaning)',
  status: 'Scheduled',
  ...overrides,
});

/** Stores the patients (Ana, Ben and Carla unless told) and appointments, then opens the tab. */
async function renderPatients(
  options: { patients?: Partial<PatientRow>[]; appointments?: Partial<AppointmentRow>[]; role?: Role } = {},
) {
  await seed.patients(options.patients ?? [ana, ben, carla]);
  await seed.appointments(options.appointments ?? []);
  const user = await signInAs({ role: options.role ?? 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderApp(
    <QueryClientProvider client={queryClient}>
      <PatientsView />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
}

const storedPatients = () => rows('patients');
const storedPatient = async (id: number) => (await rows('patients', { id }))[0];
const updatePatient = (id: number, change: string) =>
  realStack().query(`update public.patients set ${change} where id = $1`, [id]);

const table = () => screen.getByRole('table', { name: 'Patients' });
/** The names in the table's rows, in order. */
const shownNames = () =>
  within(table())
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[0]?.textContent ?? '');
const waitForList = () => screen.findByText(/^Total number of patients: /);
// The modals' code is a chunk of its own, loaded on first use.
const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name });

describe('the Patients tab', () => {
  it('lists the clinic’s patients with the spec’s columns and total', async () => {
    await renderPatients({
      patients: [carla, ana, { name: 'Abel Gone', deleted: true }, ben, { name: 'Aaron Elsewhere', clinic_id: 2 }],
    });
    await waitForList();
    expect(screen.getByRole('heading', { name: 'Patients' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search patients…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Patient' })).toBeTruthy();
    expect(screen.getByText('Total number of patients: 3')).toBeTruthy();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Phone', 'Messenger ID', 'Actions']);
    expect(shownNames()).toEqual(['Ana Santos', 'Ben Cruz', 'Carla Reyes']);
    const row = within(table()).getAllByRole('row')[1]!;
    expect(within(row).getByRole('button', { name: 'Edit Ana Santos' }).textContent).toBe('Edit');
    expect(within(row).getByRole('button', { name: 'Delete Ana Santos' }).textContent).toBe('Delete');
    expect(screen.queryByText('Abel Gone')).toBeNull();
    expect(screen.queryByText('Aaron Elsewhere')).toBeNull();
  });

  it.each([
    ['a name, whatever the case', 'SANTOS', ['Ana Santos']],
    ['a phone number', '555 0', ['Ana Santos', 'Ben Cruz']],
    ['a messenger id, whatever the case', 'psid-c', ['Carla Reyes']],
    ['text with spaces around it', '  cruz ', ['Ben Cruz']],
  ])('searches by %s', async (_label, query, expected) => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), query);
    await waitFor(() => expect(shownNames()).toEqual(expected));
    expect(screen.getByTestId('patients-matches').textContent).toBe(
      expected.length === 1 ? '1 patient matches' : `${expected.length} patients match`,
    );
    expect(screen.getByText('Total number of patients: 3')).toBeTruthy();
  });

  it('says so when nothing matches, and shows everyone again when the search is cleared', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    const search = screen.getByRole('searchbox', { name: 'Search patients' });
    await user.type(search, 'zzz');
    expect(await screen.findByText('No patient matches “zzz”.')).toBeTruthy();
    await user.clear(search);
    await waitFor(() => expect(shownNames()).toHaveLength(3));
  });

  it("shows 'Failed to fetch patients' once, with Retry and an empty list, and no made-up total", async () => {
    const user = userEvent.setup();
    failNext({ method: 'GET', table: 'patients' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPatients({ patients: [ana], role: 'admin' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch patients');
    expect(screen.getAllByText('Failed to fetch patients')).toHaveLength(1);
    expect(screen.queryByText('Ana Santos')).toBeNull();
    expect(screen.queryByTestId('patients-total')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ana Santos']));
    expect(screen.queryByText('Failed to fetch patients')).toBeNull();
    expect(screen.getByTestId('patients-total').textContent).toBe('Total number of patients: 1');
  });

  it('renders only the rows near the screen for 10,000 patients, and searches them all', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 10_000 }, (_, index) => ({
      name: `Patient ${String(index + 1).padStart(5, '0')}`,
    }));
    await renderPatients({ patients: many });
    await screen.findByText('Total number of patients: 10,000');
    expect(table().getAttribute('aria-rowcount')).toBe('10001');
    const rendered = within(table()).getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), '09999');
    await waitFor(() => expect(shownNames()).toEqual(['Patient 09999']));
    expect(table().getAttribute('aria-rowcount')).toBe('2');
    // Seeding 10,000 audited patients is most of this test; a busy machine needs more than 30 s.
  }, 90_000);
});

describe('Add Patient', () => {
  it('asks for name and phone only, both required; whitespace-only is empty', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await dialog('Add Patient');
    expect(within(modal).getByLabelText('Name')).toBeTruthy();
    expect(within(modal).getByLabelText('Phone').getAttribute('type')).toBe('tel');
    expect(within(modal).queryByLabelText(/Messenger ID/)).toBeNull();

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(within(modal).getByRole('alert').textContent).toBe('All patient fields are required.');
    await user.type(within(modal).getByLabelText('Name'), '   ');
    await user.type(within(modal).getByLabelText('Phone'), '0917');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(within(modal).getByRole('alert').textContent).toBe('All patient fields are required.');
    expect(await storedPatients()).toHaveLength(3);
  });

  it("saves {name, phone, clinic_id} trimmed, closes, shows 'Patient added!' in the header for 1.2 s", async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await dialog('Add Patient');
    await user.type(within(modal).getByLabelText('Name'), '  Dana Lim ');
    await user.type(within(modal).getByLabelText('Phone'), ' 0920 555 0404 ');
    const message = timeOnScreen((element) => element.textContent === 'Patient added!');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    await screen.findByText('Patient added!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await storedPatients()).filter((patient) => patient.id > carla.id)).toEqual([
      expect.objectContaining({
        name: 'Dana Lim',
        phone: '0920 555 0404',
        clinic_id: 1,
        messenger_id: null,
        deleted: false,
      }),
    ]);
    expect(shownNames()).toEqual(['Ana Santos', 'Ben Cruz', 'Carla Reyes', 'Dana Lim']);
    expect(screen.getByText('Total number of patients: 4')).toBeTruthy();
    // 1.2 s: a timer fires late on a busy machine, never early.
    expect(await message.shownForMs()).toBeGreaterThanOrEqual(1150);
  });

  it('saves once when Save is clicked twice quickly', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await dialog('Add Patient');
    await user.type(within(modal).getByLabelText('Name'), 'Dana Lim');
    await user.type(within(modal).getByLabelText('Phone'), '0920');
    const insert = holdNext({ method: 'POST', table: 'patients' });
    const save = within(modal).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    fireEvent.submit(within(modal).getByLabelText('Name').closest('form')!);
    expect((await within(modal).findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
    insert.release();
    await screen.findByText('Patient added!');
    expect((await storedPatients()).map((patient) => patient.name)).toEqual([
      'Ana Santos',
      'Ben Cruz',
      'Carla Reyes',
      'Dana Lim',
    ]);
  });

  it("keeps what was typed when the save fails, with 'Error creating patient.'", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPatients();
    await waitForList();
    failNext({ method: 'POST', table: 'patients' }, { code: '23514', message: 'check violation' });
    failNext({ method: 'POST', table: 'patients' }, 'network');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await dialog('Add Patient');
    await user.type(within(modal).getByLabelText('Name'), 'Dana Lim');
    await user.type(within(modal).getByLabelText('Phone'), '0920');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe('Error creating patient.');
    expect((within(modal).getByLabelText('Name') as HTMLInputElement).value).toBe('Dana Lim');
    expect((within(modal).getByLabelText('Phone') as HTMLInputElement).value).toBe('0920');

    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(modal).getByRole('alert').textContent).toBe(
        'Error creating patient.Could not reach the server. Check your connection and try again.',
      ),
    );
    expect(shownNames()).toHaveLength(3);
    expect(await storedPatients()).toHaveLength(3);
  });

  it('bounds each input to the database’s length and says so at the limit', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    const modal = await dialog('Add Patient');
    const name = within(modal).getByLabelText('Name') as HTMLInputElement;
    expect(name.maxLength).toBe(200);
    expect((within(modal).getByLabelText('Phone') as HTMLInputElement).maxLength).toBe(50);
    fireEvent.change(name, { target: { value: 'a'.repeat(200) } });
    expect(within(modal).getByText('Name can be at most 200 characters.')).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
  });
});

describe('Edit Patient', () => {
  it('starts from the patient, requires name and phone, and sends a cleared messenger id as null', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Edit Ana Santos' }));
    const modal = await dialog('Edit Patient');
    const name = within(modal).getByLabelText('Name') as HTMLInputElement;
    const messenger = within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement;
    expect(name.value).toBe('Ana Santos');
    expect(messenger.value).toBe('24680135792468');
    expect(messenger.maxLength).toBe(100);

    await user.clear(name);
    await user.type(name, '  ');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(within(modal).getByRole('alert').textContent).toBe('All fields required.');

    await user.clear(name);
    await user.type(name, 'Ana Santos-Reyes');
    await user.clear(messenger);
    await user.type(messenger, '   ');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await screen.findByText('Patient updated!');
    expect(
      (await storedPatients()).map(({ id, name, phone, messenger_id, clinic_id }) => ({
        id,
        name,
        phone,
        messenger_id,
        clinic_id,
      })),
    ).toEqual([
      { id: 1, name: 'Ana Santos-Reyes', phone: '+63 917 555 0101', messenger_id: null, clinic_id: 1 },
      { id: 2, name: 'Ben Cruz', phone: '0918 555 0202', messenger_id: null, clinic_id: 1 },
      { id: 3, name: 'Carla Reyes', phone: '0919 777 0303', messenger_id: 'PSID-Carla', clinic_id: 1 },
    ]);
    expect(shownNames()[0]).toBe('Ana Santos-Reyes');
  });

  it("shows 'Error updating patient.' and keeps the edits when the save fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPatients();
    await waitForList();
    failNext({ method: 'PATCH', table: 'patients' });
    await user.click(screen.getByRole('button', { name: 'Edit Ben Cruz' }));
    const modal = await dialog('Edit Patient');
    await user.type(within(modal).getByLabelText(/Messenger ID/), 'psid-ben');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe('Error updating patient.');
    expect((within(modal).getByLabelText(/Messenger ID/) as HTMLInputElement).value).toBe('psid-ben');
    expect((await storedPatient(ben.id))?.messenger_id).toBeNull();
  });

  it('says the patient no longer exists when it was deleted meanwhile, and refreshes the list', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Edit Ben Cruz' }));
    await updatePatient(ben.id, 'deleted = true');
    const modal = await dialog('Edit Patient');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Error updating patient.This patient no longer exists. It may have been deleted in another tab or by another user.',
    );
    await waitFor(() => expect(shownNames()).toEqual(['Ana Santos', 'Carla Reyes']));
    expect((await storedPatient(ben.id))?.name).toBe('Ben Cruz');
  });
});

describe('Delete', () => {
  it('warns that the appointments go too when the patient has any, and deletes through the RPC', async () => {
    const user = userEvent.setup();
    await renderPatients({
      appointments: [appointment({ patient_id: ana.id }), appointment({ patient_id: ben.id, dentist_id: 2 })],
    });
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Delete Ana Santos' }));
    expect(
      await screen.findByText(
        'This profile has one or more appointments. Deleting will also remove all related appointments.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Patient deleted!');
    expect((await storedPatients()).map((patient) => [patient.name, patient.deleted])).toEqual([
      ['Ana Santos', true],
      ['Ben Cruz', false],
      ['Carla Reyes', false],
    ]);
    expect((await rows('appointments')).map((row) => [row.patient_id, row.deleted])).toEqual([
      [ana.id, true],
      [ben.id, false],
    ]);
    expect(shownNames()).toEqual(['Ben Cruz', 'Carla Reyes']);
    expect(screen.getByText('Total number of patients: 2')).toBeTruthy();
  });

  it('asks plainly when the patient has no appointment, and does nothing on Cancel', async () => {
    const user = userEvent.setup();
    await renderPatients({
      appointments: [appointment({ patient_id: ana.id, deleted: true }), appointment({ patient_id: ben.id })],
    });
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Delete Ana Santos' }));
    expect(await screen.findByText('Are you sure you want to delete this profile?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete Ana Santos' }).hasAttribute('disabled')).toBe(false),
    );
    expect((await storedPatients()).every((patient) => !patient.deleted)).toBe(true);
    expect(shownNames()).toHaveLength(3);
  });

  it('asks again, in the words for appointments, when one was booked while the plain question was open', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Delete Carla Reyes' }));
    await screen.findByText('Are you sure you want to delete this profile?');
    await seed.appointments([appointment({ patient_id: carla.id, appointment_time: '2030-01-08T01:00:00+00:00' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));

    expect(
      await screen.findByText(
        'This profile has one or more appointments. Deleting will also remove all related appointments.',
      ),
    ).toBeTruthy();
    expect((await storedPatient(carla.id))?.deleted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ana Santos', 'Ben Cruz']));
    expect((await storedPatient(carla.id))?.deleted).toBe(true);
    expect((await rows('appointments', { patient_id: carla.id })).map((row) => row.deleted)).toEqual([true]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the patient no longer exists when it was deleted meanwhile, and refreshes the list', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Delete Carla Reyes' }));
    await screen.findByText('Are you sure you want to delete this profile?');
    await updatePatient(carla.id, 'deleted = true');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error deleting patient. This patient no longer exists. It may have been deleted in another tab or by another user.',
    );
    await waitFor(() => expect(shownNames()).toEqual(['Ana Santos', 'Ben Cruz']));
  });

  it("shows 'Error deleting patient.' in the header when the delete fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPatients();
    await waitForList();
    failNext({ rpc: 'delete_patient' });
    await user.click(screen.getByRole('button', { name: 'Delete Ben Cruz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error deleting patient.');
    expect(shownNames()).toHaveLength(3);
    expect((await storedPatient(ben.id))?.deleted).toBe(false);
  });
});

describe('the history modal', () => {
  it('lists the appointments newest first, in clinic time, with dentist, procedure and status badge', async () => {
    const user = userEvent.setup();
    await renderPatients({
      appointments: [
        appointment({ patient_id: ana.id, appointment_time: '2030-01-07T01:00:00+00:00', status: 'Completed' }),
        appointment({
          patient_id: ana.id,
          appointment_time: '2030-02-04T05:20:00+00:00',
          status: 'Confirmed',
          reason: 'Tooth Extraction — Notes: Anxious patient',
          dentist_id: 2,
        }),
        appointment({ patient_id: ana.id, appointment_time: '2030-01-01T01:40:00+00:00', status: 'No Show' }),
        appointment({ patient_id: ana.id, appointment_time: '2029-12-01T02:00:00+00:00', status: 'Cancelled' }),
        appointment({ patient_id: ana.id, appointment_time: '2029-11-01T02:00:00+00:00', status: 'Scheduled' }),
        appointment({ patient_id: ana.id, appointment_time: '2030-03-01T02:00:00+00:00', deleted: true }),
        appointment({ patient_id: ben.id, dentist_id: 2 }),
      ],
    });
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Ana Santos' }));
    const modal = await dialog('Appointment history: Ana Santos');
    const list = await within(modal).findByTestId('history-list');
    const rows = within(list)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Mon 2030-02-04, 1:20 PM', 'Dr. Katrina Lim', 'Tooth ExtractionAnxious patient', 'Confirmed'],
      ['Mon 2030-01-07, 9:00 AM', 'Dr. Andrea Villanueva', 'Oral Prophylaxis (Cleaning)', 'Completed'],
      ['Tue 2030-01-01, 9:40 AM', 'Dr. Andrea Villanueva', 'Oral Prophylaxis (Cleaning)', 'No Show'],
      ['Sat 2029-12-01, 10:00 AM', 'Dr. Andrea Villanueva', 'Oral Prophylaxis (Cleaning)', 'Cancelled'],
      ['Thu 2029-11-01, 10:00 AM', 'Dr. Andrea Villanueva', 'Oral Prophylaxis (Cleaning)', 'Scheduled'],
    ]);
    const tones = within(list)
      .getAllByText(/^(Confirmed|Completed|No Show|Cancelled|Scheduled)$/)
      .map((badge) => badge.getAttribute('data-tone'));
    expect(tones).toEqual(['green', 'blue', 'orange', 'red', 'grey']);
  });

  it('shows the clinic’s own time zone when it has another one', async () => {
    const user = userEvent.setup();
    await realStack().query(`update public.clinics set timezone = 'Asia/Tokyo' where id = 1`);
    await renderPatients({
      appointments: [appointment({ patient_id: ben.id, appointment_time: '2030-01-07T01:00:00+00:00' })],
    });
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Ben Cruz' }));
    expect(await screen.findByText('Mon 2030-01-07, 10:00 AM')).toBeTruthy();
  });

  it("says when there are none, and 'Failed to fetch appointments' when they cannot be read", async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Carla Reyes' }));
    expect(await screen.findByText('No appointments yet.')).toBeTruthy();
    await user.click(
      within(await dialog(/Carla Reyes/))
        .getAllByRole('button', { name: 'Close' })
        .at(-1)!,
    );

    failNext({ method: 'GET', table: 'appointments' });
    await user.click(screen.getByRole('button', { name: 'Ben Cruz' }));
    expect((await within(await dialog(/Ben Cruz/)).findByRole('alert')).textContent).toBe(
      'Failed to fetch appointments',
    );
  });

  it('hides header messages while it is open', async () => {
    const user = userEvent.setup();
    await renderPatients();
    await waitForList();
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await user.type(screen.getByLabelText('Name'), 'Dana Lim');
    await user.type(screen.getByLabelText('Phone'), '0920');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Patient added!');
    await user.click(screen.getByRole('button', { name: 'Ben Cruz' }));
    expect(screen.queryByText('Patient added!')).toBeNull();
  });
});

describe('roles', () => {
  it.each<Role>(['admin', 'receptionist', 'dentist', 'superadmin'])('gives a %s the whole screen', async (role) => {
    await renderPatients({ role });
    await waitForList();
    expect(screen.getByRole('button', { name: 'Add Patient' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Ben Cruz' })).toBeTruthy();
  });
});
