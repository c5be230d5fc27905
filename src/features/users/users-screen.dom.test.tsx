// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, failNext, holdNext, pgError, seed } from '@/testing/mocks';
import { createSession, createSessionUser } from '@/testing/render-app';
import UsersTab from './tab';
import { mockCreateUserFunction, mockDeleteUserFunction } from './testing/functions';
import { prepareDom, renderWithQueries } from './testing/render';

/** The signed-in admin's auth id (createSessionUser's default). */
const ME = '00000000-0000-4000-8000-000000000001';
const ROSA_AUTH = '00000000-0000-4000-8000-0000000000aa';

beforeEach(() => {
  prepareDom();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  seed.clinics([
    { id: 1, name: 'Smile Dental' },
    { id: 2, name: 'Bright Teeth' },
  ]);
  seed.users([
    {
      user_id: ME,
      name: 'Dr. Ana Santos',
      email: 'ana@example.test',
      role: 'admin',
      created_at: '2026-01-05T02:00:00Z',
    },
    {
      user_id: ROSA_AUTH,
      name: 'Rosa Lim',
      email: 'rosa@example.test',
      role: 'receptionist',
      created_at: '2026-03-01T17:30:00Z',
    },
    { user_id: null, name: '', email: 'legacy@example.test', role: 'dentist', created_at: '2026-03-02T01:00:00Z' },
    { user_id: '00000000-0000-4000-8000-0000000000bb', name: 'Elsewhere', email: 'b@example.test', clinic_id: 2 },
  ]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const table = () => screen.getByRole('table', { name: 'Users & Roles' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const storedUser = (email: string) => db.table('users').where((row) => row.email === email)[0];

async function openedList(options: Parameters<typeof renderWithQueries>[1] = {}) {
  const view = renderWithQueries(<UsersTab />, options);
  await within(table()).findByText('Rosa Lim');
  return view;
}

describe('the Users & Roles screen', () => {
  it('shows who is signed in and the clinic, and the clinic’s users newest first in the spec columns', async () => {
    await openedList();
    expect(screen.getByTestId('users-whoami').textContent).toBe(
      'Logged in as Dr. Ana Santos (admin) | Clinic: Smile Dental | Clinic ID: 1',
    );
    const rows = within(table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Date Added', 'Actions']);
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
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
    db.table('users').delete((row) => row.clinic_id === 1);
    const read = holdNext({ method: 'GET', table: 'users' });
    renderWithQueries(<UsersTab />);
    expect(await within(table()).findByText('Loading...')).toBeTruthy();
    read.release();
    expect(await within(table()).findByText('No users found.')).toBeTruthy();
  });

  it("says 'Failed to fetch users' when the read fails", async () => {
    failNext({ method: 'GET', table: 'users' });
    renderWithQueries(<UsersTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch users');
  });

  it('is refused to a receptionist and a dentist at render time too', () => {
    renderWithQueries(<UsersTab />, { role: 'receptionist' });
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this tab.');
    cleanup();
    renderWithQueries(<UsersTab />, { role: 'dentist' });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('works on the clinic the superadmin chose in the selector', async () => {
    const session = createSession({
      user: createSessionUser({ name: 'Root', role: 'superadmin', clinic_id: 1, clinic_name: 'Smile Dental' }),
      clinic: { id: 2, name: 'Bright Teeth' },
    });
    renderWithQueries(<UsersTab />, { session });
    expect(await within(table()).findByText('Elsewhere')).toBeTruthy();
    expect(screen.getByTestId('users-whoami').textContent).toBe(
      'Logged in as Root (superadmin) | Clinic: Bright Teeth | Clinic ID: 2',
    );
  });
});

describe('Add User', () => {
  it("asks for every field with 'Please fill all fields.' and sends nothing; receptionist is the default role", async () => {
    const received = mockCreateUserFunction();
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User' }));
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
    expect(received).toEqual([]);
  });

  it('calls create-user with the clinic, closes, says the user must confirm, and lists them first', async () => {
    const received = mockCreateUserFunction();
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User' }));
    await user.type(dialog.getByLabelText('Name'), ' Ben Cruz ');
    await user.type(dialog.getByLabelText('Email'), 'ben@example.test');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.selectOptions(dialog.getByLabelText('Role'), 'dentist');
    await user.dblClick(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User created! They must confirm their email before logging in.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(received).toEqual([
      { name: 'Ben Cruz', email: 'ben@example.test', password: 'secret1', role: 'dentist', clinic_id: 1 },
    ]);
    await waitFor(() => expect(within(table()).getAllByRole('row')[1]!.textContent).toContain('Ben Cruz'));
  });

  it("keeps what was typed and shows 'User creation failed' with the auth server's reason", async () => {
    mockCreateUserFunction({
      status: 422,
      json: { error: 'A user with this email address has already been registered', code: 'email_exists' },
    });
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User' }));
    await user.type(dialog.getByLabelText('Name'), 'Ben Cruz');
    await user.type(dialog.getByLabelText('Email'), 'rosa@example.test');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe('User creation failedA user with this email address has already been registered');
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('rosa@example.test');
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Ben Cruz');
  });

  it.each([
    [
      'the function cannot start (503 BOOT_ERROR)',
      { status: 503, json: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' } },
    ],
    ['a proxy answers with its own page (502)', { status: 502, text: '<html>Bad gateway</html>' }],
  ])('when %s, then it says the service is unavailable and nothing was changed', async (_case, reply) => {
    const received = mockCreateUserFunction(reply);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User' }));
    await user.type(dialog.getByLabelText('Name'), 'Ben Cruz');
    await user.type(dialog.getByLabelText('Email'), 'ben@example.test');
    await user.type(dialog.getByLabelText('Password'), 'secret1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe(
      'User creation failedThe user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(received).toHaveLength(1);
    expect((dialog.getByLabelText('Email') as HTMLInputElement).value).toBe('ben@example.test');
  });
});

describe('Edit User', () => {
  it("saves name and role by id and says 'User updated!'", async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit User' }));
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Rosa Lim');
    expect(dialog.queryByLabelText('Email')).toBeNull();
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert').textContent).toBe('Please fill all fields.');
    await user.type(dialog.getByLabelText('Name'), 'Rosa Lim-Cruz');
    await user.selectOptions(dialog.getByLabelText('Role'), 'dentist');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated!')).toBeTruthy();
    expect(storedUser('rosa@example.test')).toMatchObject({ name: 'Rosa Lim-Cruz', role: 'dentist' });
  });

  it("shows 'User update failed' with the last-admin reason for the database's code, and keeps the modal open", async () => {
    // The screen words the code (last_admin), not the server's sentence.
    failNext(
      { method: 'PATCH', table: 'users' },
      pgError('PT409', 'any server text', { status: 409, hint: 'last_admin' }),
    );
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit User' }));
    await user.selectOptions(dialog.getByLabelText('Role'), 'admin');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User update failedA clinic must keep at least one admin.',
    );
    expect(storedUser('rosa@example.test')).toMatchObject({ role: 'receptionist' });
  });

  it('does not offer to change one’s own role', async () => {
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Edit Dr. Ana Santos' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit User' }));
    expect((dialog.getByLabelText('Role') as HTMLSelectElement).disabled).toBe(true);
    expect(dialog.getByText('You cannot change your own role.')).toBeTruthy();
  });
});

describe('Delete', () => {
  it('shows the name and the auth user id, deletes through delete-user and says so', async () => {
    const received = mockDeleteUserFunction();
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByTestId('delete-user-who').textContent).toBe('Rosa Lim');
    expect(dialog.getByTestId('delete-user-auth-id').textContent).toBe(ROSA_AUTH);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted from Auth & custom table.')).toBeTruthy();
    expect(received).toEqual([{ user_id: ROSA_AUTH }]);
    await waitFor(() => expect(within(table()).queryByText('Rosa Lim')).toBeNull());
  });

  it("shows the e-mail and '(missing)' without an auth id, and sends nothing", async () => {
    const received = mockDeleteUserFunction();
    const user = userEvent.setup();
    await openedList();
    await user.click(within(rowOf('legacy@example.test')).getByRole('button', { name: /^Delete/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    expect(dialog.getByTestId('delete-user-who').textContent).toBe('legacy@example.test');
    expect(dialog.getByTestId('delete-user-auth-id').textContent).toBe('(missing)');
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(dialog.getByRole('alert').textContent).toBe('No auth user_id stored for this user.');
    expect(received).toEqual([]);
  });

  it('reports a partial failure with the failed step', async () => {
    mockDeleteUserFunction([
      {
        json: {
          auth_delete: { success: false, details: null, error: 'User not found' },
          db_delete: { success: true, details: 'done', error: null },
        },
      },
    ]);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Auth delete failed: User not found');
  });

  it("on a refusal, shows 'User deletion failed' with 'Edge function returned error status' and does not retry", async () => {
    const received = mockDeleteUserFunction([
      { status: 403, json: { error: 'You can only delete users of your own clinic' } },
    ]);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: You can only delete users of your own clinic',
    );
    expect(received).toHaveLength(1);
    expect(storedUser('rosa@example.test')).toBeDefined();
  });

  it("on the last-admin refusal, shows 'User deletion failed' with the screen's words for its code", async () => {
    const received = mockDeleteUserFunction([{ status: 409, json: { error: 'any server text', code: 'last_admin' } }]);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: A clinic must keep at least one admin.',
    );
    expect(received).toHaveLength(1);
    expect(storedUser('rosa@example.test')).toBeDefined();
  });

  it('retries a gateway’s 502 page, and then succeeds', async () => {
    const received = mockDeleteUserFunction([{ status: 502, text: '<html>Gateway hiccup</html>' }, 'delete']);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('User deleted from Auth & custom table.', {}, { timeout: 3000 })).toBeTruthy();
    expect(received).toHaveLength(2);
  });

  it('after three gateway pages, says the service is unavailable and shows none of their HTML', async () => {
    const received = mockDeleteUserFunction([{ status: 504, text: '<html>Gateway timeout</html>' }]);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'User deletion failedEdge function returned error status: The user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(received).toHaveLength(3);
    expect(storedUser('rosa@example.test')).toBeDefined();
  });

  it('does not retry a function that cannot start (503 BOOT_ERROR)', async () => {
    const received = mockDeleteUserFunction([
      { status: 503, json: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' } },
    ]);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'User deletion failedEdge function returned error status: The user service is unavailable right now, so nothing was changed. Please try again later.',
    );
    expect(received).toHaveLength(1);
  });

  it("shows 'Edge function returned non-JSON' for a 2xx reply that is not JSON, without retrying", async () => {
    const received = mockDeleteUserFunction([{ text: 'oops' }]);
    const user = userEvent.setup();
    await openedList();
    await user.click(screen.getByRole('button', { name: 'Delete Rosa Lim' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('User deletion failedEdge function returned non-JSON');
    expect(received).toHaveLength(1);
  });
});
