// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import type { SessionUser } from '@/lib/session';
import {
  countRequests,
  createStaffAccount,
  failNext,
  holdNext,
  realStack,
  rows,
  seed,
  setupComponentTests,
  signInAs,
  stackConfig,
} from '@/testing/real-db';
import { createSession } from '@/testing/render-app';
import UsersTab from './tab';
import { renderWithQueries } from './testing/render';

setupComponentTests();

/** The signed-in admin, and Rosa's account (a receptionist of the same clinic). */
let ana: SessionUser;
let rosa: SessionUser;

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  ana = await signInAs({ role: 'admin', clinic_id: 1, name: 'Dr. Ana Santos', email: 'ana@example.test' });
  rosa = await createStaffAccount({ role: 'receptionist', clinic_id: 1, name: 'Rosa Lim', email: 'rosa@example.test' });
  // A profile left without its sign-in account; the database wants a name on every profile.
  await seed.users([{ user_id: null, name: 'Old Account', email: 'legacy@example.test', role: 'dentist' }]);
  await createStaffAccount({ role: 'receptionist', clinic_id: 2, name: 'Elsewhere', email: 'b@example.test' });
  await realStack().query(
    `update public.users set created_at = case email
       when 'ana@example.test' then timestamptz '2026-01-05T02:00:00Z'
       when 'rosa@example.test' then timestamptz '2026-03-01T17:30:00Z'
       when 'legacy@example.test' then timestamptz '2026-03-02T01:00:00Z'
       else created_at end`,
  );
});

const table = () => screen.getByRole('table', { name: 'Users & Roles' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const storedUser = async (email: string) => (await rows('users', { email }))[0];

/** The session of the admin signed in before each test, or of another staff member just signed in. */
const sessionOf = (user: SessionUser) => createSession({ user });
const signedIn = async (role: Role) => sessionOf(await signInAs({ role, clinic_id: 1 }));

/** The superadmin, whose own profile is in clinic `home`, working on the clinic chosen in the selector. */
async function superadminOn(clinic: { id: number; name: string }, home = 1) {
  const user = await signInAs({ role: 'superadmin', clinic_id: home, name: 'Root' });
  return createSession({ user, clinic });
}

async function openedList(session = sessionOf(ana)) {
  const view = renderWithQueries(<UsersTab />, { session });
  await within(table()).findByText('Rosa Lim');
  return view;
}

describe('the Users & Roles screen', () => {
  it('shows who is signed in and the clinic, and the clinic’s users newest first in the spec columns', async () => {
    await openedList();
    expect(screen.getByTestId('users-whoami').textContent).toBe(
      'Logged in as Dr. Ana Santos (admin) | Clinic: Smile Dental | Clinic ID: 1',
    );
    const tableRows = within(table()).getAllByRole('row');
    expect(
      within(tableRows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Date Added', 'Actions']);
    expect(tableRows.slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'legacy@example.test',
      'rosa@example.test',
      'ana@example.test',
    ]);
    // 17:30 UTC on March 1 is already March 2 in Manila.
    expect(within(rowOf('Rosa Lim')).getByText('March 2, 2026')).toBeTruthy();
    expect(within(rowOf('Rosa Lim')).getByRole('button', { name: 'Edit Rosa Lim' })).toBeTruthy();
    expect(within(rowOf('Rosa Lim')).getByRole('button', { name: 'Delete Rosa Lim' })).toBeTruthy();
    expect(
      (within(rowOf('Dr. Ana Santos')).getByRole('button', { name: 'Delete Dr. Ana Santos' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(within(table()).queryByText('Elsewhere')).toBeNull();
  });

  it("says 'Loading...' while reading, then 'No users found.' for a clinic without users", async () => {
    await seed.clinics([{ id: 3, name: 'Fresh Smiles' }]);
    const session = await superadminOn({ id: 3, name: 'Fresh Smiles' });
    const read = holdNext({ method: 'GET', table: 'users' });
    renderWithQueries(<UsersTab />, { session });
    expect(await within(table()).findByText('Loading...')).toBeTruthy();
    read.release();
    expect(await within(table()).findByText('No users found.')).toBeTruthy();
  });

  it("says 'Failed to fetch users' when the read fails", async () => {
    failNext({ method: 'GET', table: 'users' });
    renderWithQueries(<UsersTab />, { session: sessionOf(ana) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch users');
  });

  it('is refused to a receptionist and a dentist at render time too', async () => {
    renderWithQueries(<UsersTab />, { session: await signedIn('receptionist') });
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this tab.');
    cleanup();
    renderWithQueries(<UsersTab />, { session: await signedIn('dentist') });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('works on the clinic the superadmin chose in the selector', async () => {
    const session = await superadminOn({ id: 2, name: 'Bright Teeth' });
    renderWithQueries(<UsersTab />, { session });
    expect(await within(table()).findByText('Elsewhere')).toBeTruthy();
    expect(screen.getByTestId('users-whoami').textContent).toBe(
      'Logged in as Root (superadmin) | Clinic: Bright Teeth | Clinic ID: 2',
    );
  });
});

/** Opens Add User, fills it in for Ben Cruz with `email` and presses Save: the dialog. */
async function saveAddUser(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add User' }));
  await user.type(dialog.getByLabelText('Name'), 'Ben Cruz');
  await user.type(dialog.getByLabelText('Email'), email);
  await user.type(dialog.getByLabelText('Password'), 'secret1');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('Add User', () => {
  it("asks for every field with 'Please fill all fields.' and sends nothing; receptionist is the default role", async () => {
    const calls = countRequests({ fn: 'create-user' });
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add User' }));
    expect((dialog.getByLabelText('Role') as HTMLSelectElement).value).toBe('receptionist');
    expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'admin',
      'receptionist',
      'dentist',
    ]);
    expect(dialog.getByLabelText('Password').getAttribute('type')).toBe('password');
    await user.type(dialog.getByLabelText('Name'), '   ');
    await user.type(dialog.getByLabelText('Email'), 'new@example.test');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert').textContent).toBe('Please fill all fields.');
    expect(calls.count).toBe(0);
    expect(await rows('users', { email: 'new@example.test' })).toEqual([]);
  });

  it('calls create-user with the clinic, closes, says the user must confirm, and lists them first', async () => {
    const calls = countRequests({ fn: 'create-user' });
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add User' }));
    await user.type(dialog.getByLabelText('Name'), ' Ben Cruz ');
    await user.type(dialog.getByLabelText('Email'), 'ben@example.test');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.selectOptions(dialog.getByLabelText('Role'), 'dentist');
    await user.dblClick(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created! They must confirm their email before logging in.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.count).toBe(1);
    expect(await rows('users', { email: 'ben@example.test' })).toEqual([
      expect.objectContaining({ name: 'Ben Cruz', role: 'dentist', clinic_id: 1 }),
    ]);
    // The account waits for its confirmation, with the password that was typed: the auth server
    // checks the password first, then refuses the unconfirmed e-mail.
    const { supabaseUrl, anonKey } = stackConfig();
    const signIn = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ben@example.test', password: 'secret1' }),
    });
    expect(await signIn.json()).toMatchObject({ error_code: 'email_not_confirmed' });
    await waitFor(() => expect(within(table()).getAllByRole('row')[1]!.textContent).toContain('Ben Cruz'));
  });

  it("keeps what was typed and shows 'User creation failed' with the auth server's reason", async () => {
    // Rosa's account already has the e-mail: the auth server refuses it.
    const user = userEvent.setup();
    await openedList();
    const dialog = await saveAddUser(user, 'rosa@example.test');
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe('User creation failedA user with this email address has already been registered');
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('rosa@example.test');
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Ben Cruz');
    expect(await rows('users', { email: 'rosa@example.test' })).toEqual([
      expect.objectContaining({ name: 'Rosa Lim', role: 'receptionist' }),
    ]);
  });

  it.each([
    [
      'the function cannot start (503 BOOT_ERROR)',
      { status: 503, json: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' } },
    ],
    ['a proxy answers with its own page (502)', { status: 502, text: '<html>Bad gateway</html>' }],
  ] as const)('when %s, then it says the service is unavailable and nothing was changed', async (_case, reply) => {
    failNext({ fn: 'create-user' }, reply);
    const calls = countRequests({ fn: 'create-user' });
    const user = userEvent.setup();
    await openedList();
    const dialog = await saveAddUser(user, 'ben@example.test');
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe(
      'User creation failedThe user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(calls.count).toBe(1);
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('ben@example.test');
    expect(await rows('users', { email: 'ben@example.test' })).toEqual([]);
  });
  it.each([
    [
      'the confirmation e-mail could not be sent (502 confirmation_email_failed)',
      {
        status: 502,
        json: { error: 'The confirmation e-mail could not be sent: …', code: 'confirmation_email_failed' },
      },
      'The confirmation e-mail could not be sent, so the user was not added. Please try again later.',
    ],
    [
      'the e-mail failed and the new account could not be removed (500 confirmation_email_failed_account_kept)',
      { status: 500, json: { error: '…', code: 'confirmation_email_failed_account_kept' } },
      'The confirmation e-mail could not be sent, and the new account could not be removed. Delete it from the list before adding this user again.',
    ],
  ] as const)('when %s, then it says so by its code and reads the list again', async (_case, reply, reason) => {
    failNext({ fn: 'create-user' }, reply);
    const user = userEvent.setup();
    await openedList();
    const listReads = countRequests({ method: 'GET', table: 'users' });
    const dialog = await saveAddUser(user, 'ben@example.test');
    expect((await dialog.findByRole('alert')).textContent).toBe(`User creation failed${reason}`);
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('ben@example.test');
    await waitFor(() => expect(listReads.count).toBeGreaterThan(0));
  });
});

describe('Edit User', () => {
  it("saves name and role by id and says 'User updated!'", async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Lim' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Rosa Lim');
    expect(dialog.queryByLabelText('Email')).toBeNull();
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert').textContent).toBe('Please fill all fields.');
    await user.type(dialog.getByLabelText('Name'), 'Rosa Lim-Cruz');
    await user.selectOptions(dialog.getByLabelText('Role'), 'dentist');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated!')).toBeTruthy();
    await waitFor(async () =>
      expect(await storedUser('rosa@example.test')).toMatchObject({ name: 'Rosa Lim-Cruz', role: 'dentist' }),
    );
  });

  it("shows 'User update failed' with the last-admin reason for the database's code, and keeps the modal open", async () => {
    // The superadmin demotes Dr. Ana Santos, the clinic's only admin: the database refuses (PT409,
    // hint last_admin), and the screen words the code, not the server's sentence.
    const user = userEvent.setup();
    await openedList(await superadminOn({ id: 1, name: 'Smile Dental' }, 2));
    await user.click(screen.getByRole('button', { name: 'Edit Dr. Ana Santos' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    await user.selectOptions(dialog.getByLabelText('Role'), 'receptionist');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User update failedA clinic must keep at least one admin.',
    );
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeTruthy();
    expect(await storedUser('ana@example.test')).toMatchObject({ role: 'admin' });
  });

  it('offers an admin no Edit or Delete on the superadmin’s row, and says why', async () => {
    // The superadmin's own profile is in this clinic: an admin sees it but may not change it.
    await createStaffAccount({ role: 'superadmin', clinic_id: 1, name: 'Root', email: 'root@example.test' });
    await openedList();
    for (const name of ['Edit Root', 'Delete Root']) {
      const button = within(rowOf('Root')).getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe('Only the superadmin can change this account.');
    }
    expect(within(rowOf('Rosa Lim')).getByRole('button', { name: 'Edit Rosa Lim' })).toHaveProperty('disabled', false);
  });

  it('when the profile became the superadmin’s after the list was read, then the save says only the superadmin can change it', async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Lim' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect(dialog.queryByRole('option', { name: 'superadmin' })).toBeNull();
    await realStack().query(`update public.users set role = 'superadmin' where email = 'rosa@example.test'`);
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Rosa Taken');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User update failedOnly the superadmin can change this account.',
    );
    expect(await storedUser('rosa@example.test')).toMatchObject({ name: 'Rosa Lim', role: 'superadmin' });
  });

  it('when another admin changed the role after the list was read, then nothing is written, the form says so and shows their role with the name typed here', async () => {
    const CHANGED =
      'Someone else changed this user while you were editing. The form now shows their changes, with yours kept: check it, then save again.';
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Lim' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Rosa Lim-Cruz');
    // Another admin, whose list this one has not seen, makes Rosa an admin.
    await realStack().query(`update public.users set role = 'admin' where email = 'rosa@example.test'`);

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(CHANGED);
    expect(await storedUser('rosa@example.test')).toMatchObject({ name: 'Rosa Lim', role: 'admin' });
    expect((dialog.getByLabelText('Role') as HTMLSelectElement).value).toBe('admin');
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Rosa Lim-Cruz');
    await waitFor(() => expect(within(rowOf('Rosa Lim')).getByText('admin')).toBeTruthy());

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated!')).toBeTruthy();
    expect(await storedUser('rosa@example.test')).toMatchObject({ name: 'Rosa Lim-Cruz', role: 'admin' });
  });

  it('when the user was deleted after the list was read, then the save says so and keeps the modal open', async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Lim' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    await realStack().query('delete from auth.users where id = $1', [rosa.supabase_id]);
    await user.type(dialog.getByLabelText('Name'), ' Jr.');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User update failedThis user no longer exists. The list has been refreshed.',
    );
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Rosa Lim Jr.');
    await waitFor(() => expect(within(table()).queryByText('Rosa Lim')).toBeNull());
  });

  it('does not offer to change one’s own role', async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Dr. Ana Santos' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    expect((dialog.getByLabelText('Role') as HTMLSelectElement).disabled).toBe(true);
    expect(dialog.getByText('You cannot change your own role.')).toBeTruthy();
  });
});

describe('Delete', () => {
  const confirmDialog = async () => within(await screen.findByRole('dialog', { name: 'Confirm Delete' }));

  async function deleteRosa() {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = await confirmDialog();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    return dialog;
  }

  it('shows the name and the auth user id, deletes through delete-user and says so', async () => {
    const calls = countRequests({ fn: 'delete-user' });
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = await confirmDialog();
    expect(dialog.getByTestId('delete-user-who').textContent).toBe('Rosa Lim');
    expect(dialog.getByTestId('delete-user-auth-id').textContent).toBe(rosa.supabase_id);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted from Auth & custom table.')).toBeTruthy();
    expect(calls.count).toBe(1);
    await waitFor(() => expect(within(table()).queryByText('Rosa Lim')).toBeNull());
    expect(await rows('users', { email: 'rosa@example.test' })).toEqual([]);
    const { rows: accounts } = await realStack().query('select 1 from auth.users where id = $1', [rosa.supabase_id]);
    expect(accounts).toEqual([]);
  });

  it("shows '(missing)' without an auth id, and sends nothing", async () => {
    const calls = countRequests({ fn: 'delete-user' });
    const user = userEvent.setup();
    await openedList();
    await user.click(within(rowOf('legacy@example.test')).getByRole('button', { name: /^Delete/ }));
    const dialog = await confirmDialog();
    expect(dialog.getByTestId('delete-user-who').textContent).toBe('Old Account');
    expect(dialog.getByTestId('delete-user-auth-id').textContent).toBe('(missing)');
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(dialog.getByRole('alert').textContent).toBe('No auth user_id stored for this user.');
    expect(calls.count).toBe(0);
    expect(await rows('users', { email: 'legacy@example.test' })).toHaveLength(1);
  });

  it('reports a partial failure with the failed step', async () => {
    // The real function answers both steps or refuses; a partial outcome only comes from elsewhere.
    failNext(
      { fn: 'delete-user' },
      {
        status: 200,
        json: {
          auth_delete: { success: false, details: null, error: 'User not found' },
          db_delete: { success: true, details: 'done', error: null },
        },
      },
    );
    await deleteRosa();
    expect((await screen.findByRole('alert')).textContent).toContain('Auth delete failed: User not found');
  });

  it("on a refusal, shows 'User deletion failed' with 'Edge function returned error status' and the screen's words, and does not retry", async () => {
    const calls = countRequests({ fn: 'delete-user' });
    const user = userEvent.setup();
    await openedList();
    // A stale page: Rosa's profile became the superadmin's after the list was read.
    await realStack().query(`update public.users set role = 'superadmin' where email = 'rosa@example.test'`);
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = await confirmDialog();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: Only the superadmin can change this account.',
    );
    expect(calls.count).toBe(1);
    expect(await storedUser('rosa@example.test')).toMatchObject({ role: 'superadmin' });
  });

  it("on the last-admin refusal, shows 'User deletion failed' with the screen's words for its code", async () => {
    // The superadmin deletes Dr. Ana Santos, the clinic's only admin: the function refuses (409, code last_admin).
    const calls = countRequests({ fn: 'delete-user' });
    const user = userEvent.setup();
    await openedList(await superadminOn({ id: 1, name: 'Smile Dental' }, 2));
    await user.click(screen.getByRole('button', { name: 'Delete Dr. Ana Santos' }));
    const dialog = await confirmDialog();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: A clinic must keep at least one admin.',
    );
    expect(calls.count).toBe(1);
    expect(await storedUser('ana@example.test')).toMatchObject({ role: 'admin' });
  });

  it('retries a gateway’s 502 page, and then succeeds', async () => {
    failNext({ fn: 'delete-user' }, { status: 502, text: '<html>Gateway hiccup</html>' });
    const calls = countRequests({ fn: 'delete-user' });
    await deleteRosa();
    expect(await screen.findByText('User deleted from Auth & custom table.')).toBeTruthy();
    expect(calls.count).toBe(2);
    expect(await rows('users', { email: 'rosa@example.test' })).toEqual([]);
  });

  it('after three gateway pages, says the service is unavailable and shows none of their HTML', async () => {
    failNext({ fn: 'delete-user' }, { status: 504, text: '<html>Gateway timeout</html>' }, { times: 3 });
    const calls = countRequests({ fn: 'delete-user' });
    const dialog = await deleteRosa();
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: The user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(calls.count).toBe(3);
    expect(await storedUser('rosa@example.test')).toBeDefined();
  });

  it('does not retry a function that cannot start (503 BOOT_ERROR)', async () => {
    failNext(
      { fn: 'delete-user' },
      { status: 503, json: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' } },
    );
    const calls = countRequests({ fn: 'delete-user' });
    const dialog = await deleteRosa();
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: The user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(calls.count).toBe(1);
    expect(await storedUser('rosa@example.test')).toBeDefined();
  });

  it("shows 'Edge function returned non-JSON' for a 2xx reply that is not JSON, without retrying", async () => {
    failNext({ fn: 'delete-user' }, { status: 200, text: 'oops' });
    const calls = countRequests({ fn: 'delete-user' });
    const dialog = await deleteRosa();
    expect((await dialog.findByRole('alert')).textContent).toBe('User deletion failedEdge function returned non-JSON');
    expect(calls.count).toBe(1);
  });
});
