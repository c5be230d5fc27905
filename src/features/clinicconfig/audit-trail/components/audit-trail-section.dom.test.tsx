// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createStaffAccount, failNext, realStack, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import { changeByService, changeInBrowser, dateEntries, startTrailHere } from '../testing/audit-log';
import { renderAuditTrailSection } from '../testing/render-section';

setupComponentTests();

/** The people whose changes the trail shows (auth ids, made per test), and the viewing admin's session. */
let carmela = '';
let rosa = '';
let viewer: Awaited<ReturnType<typeof signInAs>>;

beforeEach(async () => {
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  carmela = (
    await createStaffAccount({ role: 'admin', clinic_id: 1, name: 'Carmela Santos', email: 'admin@demo.test' })
  ).supabase_id;
  rosa = (
    await createStaffAccount({ role: 'receptionist', clinic_id: 1, name: 'Rosa Reyes', email: 'reception@demo.test' })
  ).supabase_id;
  await seed.dentists([{ id: 1, name: 'Dr. Reyes' }]);
});

/**
 * Patients named as the entries about them are labelled, each with an appointment on Monday
 * 2030-01-07 from 9:00 AM, one every 20 minutes (the clinic's slots, before lunch).
 */
async function patientsWithAppointments(names: string[]) {
  await seed.patients(names.map((name, index) => ({ id: index + 1, name })));
  await seed.appointments(
    names.map((_name, index) => ({
      id: index + 1,
      patient_id: index + 1,
      appointment_time: new Date(Date.UTC(2030, 0, 7, 1, 20 * index)).toISOString(),
    })),
  );
}

/**
 * Signs the viewing admin in and starts the trail empty: what the test changes next is what it
 * holds (then dated with dateEntries).
 */
async function signInAndStartTrail() {
  viewer = await signInAs({ role: 'admin', clinic_id: 1 });
  await startTrailHere();
}

const renderSection = () => renderAuditTrailSection(viewer);

/** One entry of Carmela's for each of `count` patients, in order (a changed phone number). */
async function phoneChanges(count: number) {
  await changeInBrowser(
    carmela,
    Array.from(
      { length: count },
      (_, index) =>
        `update public.patients set phone = '0999 000 ${String(index).padStart(4, '0')}' where id = ${index + 1}`,
    ).join('; '),
  );
}

const table = () => screen.getByRole('table', { name: 'Audit trail' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Audit Trail', () => {
  it('lists the clinic’s changes newest first: clinic time, who, source, what and before → after', async () => {
    await patientsWithAppointments(['Ana Santos', 'Ben Cruz']);
    await realStack().query(`update public.clinics set reminder_time = '09:00:00', contact_phone = null where id = 1`);
    await seed.invoices([{ id: 1, patient_id: 2, total: 500 }]);
    await seed.payments([{ id: 1, invoice_id: 1, patient_id: 2, amount: 100 }]);
    await signInAndStartTrail();
    await changeInBrowser(carmela, `update public.appointments set status = 'Confirmed' where id = 1`);
    await changeInBrowser(
      carmela,
      `update public.clinics set reminder_time = '10:30:00', contact_phone = '0917 555 0101' where id = 1`,
    );
    await changeByService(
      `update public.payments set voided_at = '2030-01-07T03:00:00Z', void_reason = 'Typo' where id = 1`,
    );
    // Another clinic's change: not in this clinic's trail.
    await realStack().query(`update public.clinics set contact_phone = '0918 555 0202' where id = 2`);
    await dateEntries('2030-01-07T01:05:00Z', '2030-01-07T02:00:00Z', '2030-01-07T03:00:00Z', '2030-01-07T04:00:00Z');
    renderSection();
    expect(screen.getByRole('heading', { name: 'Audit Trail' })).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Source', 'What', 'Changes']);
    const [voided, clinic, appointment] = bodyRows();
    expect(cellsOf(voided!)).toEqual([
      'Mon 2030-01-07, 11:00 AM',
      'System',
      'Service',
      'Payment voided Ben Cruz',
      'Voided at: — → Mon 2030-01-07, 11:00 AMVoid reason: — → Typo',
    ]);
    expect(cellsOf(clinic!)).toEqual([
      'Mon 2030-01-07, 10:00 AM',
      'Carmela Santos Admin',
      'Browser',
      'Clinic settings changed Smile Dental',
      'Reminder time: 9:00 AM → 10:30 AMContact phone: — → 0917 555 0101',
    ]);
    expect(cellsOf(appointment!)).toEqual([
      'Mon 2030-01-07, 9:05 AM',
      'Carmela Santos Admin',
      'Browser',
      'Appointment changed Ana Santos',
      'Status: Scheduled → Confirmed',
    ]);
  });

  it('filters by record type, user and clinic dates', async () => {
    await patientsWithAppointments([
      'Jan 6 by Carmela',
      'Jan 7 by Carmela',
      'Jan 7 by Rosa',
      'Invoice Jan 7',
      'Jan 8 by Carmela',
    ]);
    await signInAndStartTrail();
    await changeInBrowser(carmela, `update public.appointments set status = 'Confirmed' where id = 1`);
    await changeInBrowser(carmela, `update public.appointments set status = 'Confirmed' where id = 2`);
    await changeInBrowser(rosa, `update public.appointments set status = 'Confirmed' where id = 3`);
    await changeInBrowser(carmela, `insert into public.invoices (clinic_id, patient_id, total) values (1, 4, 500)`);
    await changeInBrowser(carmela, `update public.appointments set status = 'Confirmed' where id = 5`);
    // Clinic midnight (Manila) is 16:00 UTC: the first two fall on January 6 and 7.
    await dateEntries(
      '2030-01-06T15:59:00Z',
      '2030-01-06T16:00:00Z',
      '2030-01-07T10:00:00Z',
      '2030-01-07T11:00:00Z',
      '2030-01-07T16:00:00Z',
    );
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const subjects = () => bodyRows().map((row) => row.querySelector('.audit-subject')?.textContent?.trim());

    const filters = screen.getByRole('form', { name: 'Audit trail filters' });
    await user.selectOptions(within(filters).getByLabelText('Record type'), 'Appointments');
    await user.type(within(filters).getByLabelText('From'), '2030-01-07');
    await user.type(within(filters).getByLabelText('To'), '2030-01-07');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(subjects()).toEqual(['Jan 7 by Rosa', 'Jan 7 by Carmela']));

    await waitFor(() =>
      expect(within(filters).getByRole('option', { name: 'Rosa Reyes (reception@demo.test)' })).toBeTruthy(),
    );
    await user.selectOptions(within(filters).getByLabelText('User'), 'Rosa Reyes (reception@demo.test)');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(subjects()).toEqual(['Jan 7 by Rosa']));

    await user.selectOptions(within(filters).getByLabelText('Record type'), 'Invoices');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('No changes match these filters.');

    await user.click(within(filters).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe('');
  });

  it('refuses an end date before the start at the field, keeps what was typed and the list as it was', async () => {
    await seed.patients([{ id: 1, name: 'Ana Santos' }]);
    await signInAndStartTrail();
    await phoneChanges(1);
    await dateEntries('2030-01-07T01:00:00Z');
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const filters = screen.getByRole('form', { name: 'Audit trail filters' });
    await user.type(within(filters).getByLabelText('From'), '2030-01-08');
    await user.type(within(filters).getByLabelText('To'), '2030-01-07');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    const to = within(filters).getByLabelText('To');
    expect(await within(filters).findByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect((to as HTMLInputElement).value).toBe('2030-01-07');
    expect((within(filters).getByLabelText('From') as HTMLInputElement).value).toBe('2030-01-08');
    expect(bodyRows()).toHaveLength(1);
  });

  it('pages through the log 25 at a time, newest first', async () => {
    await seed.patients(Array.from({ length: 30 }, (_, index) => ({ id: index + 1, name: `Patient ${index + 1}` })));
    await signInAndStartTrail();
    await phoneChanges(30);
    await dateEntries(
      ...Array.from({ length: 30 }, (_, index) => new Date(Date.UTC(2030, 0, 7, 1, index)).toISOString()),
    );
    const { user } = renderSection();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(bodyRows()[0]!.textContent).toContain('Patient 30');
    const pages = screen.getByRole('navigation', { name: 'Audit trail pages' });
    expect(within(pages).getByRole('button', { name: 'Newer' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(bodyRows().map((row) => row.querySelector('.audit-subject')?.textContent?.trim())).toEqual([
      'Patient 5',
      'Patient 4',
      'Patient 3',
      'Patient 2',
      'Patient 1',
    ]);
    expect(within(pages).getByText('Page 2')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Older' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('says when nothing is recorded yet', async () => {
    await signInAndStartTrail();
    renderSection();
    expect(await screen.findByText('No changes recorded yet.')).toBeTruthy();
  });

  it('when the log cannot be read, then it says so and Retry reads it again', async () => {
    await seed.patients([{ id: 1, name: 'Ana Santos' }]);
    await signInAndStartTrail();
    await phoneChanges(1);
    failNext({ method: 'GET', table: 'audit_log' });
    const { user } = renderSection();
    expect(await screen.findByText('Could not load the audit trail.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });
});
