// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider';
import { useSession } from '@/lib/session';
import { realStack, rows, seed, setupComponentTests, signInAs } from '@/testing/real-db';
import DashboardPage from './dashboard/dashboard-page';
import { SessionProvider } from './session-provider';

// The shell's access watch opens a socket to the service; src/app/access-revoked.dom.test.tsx tests it.
vi.mock('./use-access-watch', () => ({ useAccessWatch: vi.fn() }));

// Here, not in Users & Roles: the session the whole shell reads is the app's.
setupComponentTests();

beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
  sessionStorage.clear();
});

function Shell() {
  const { status } = useSession();
  return status === 'signed-in' ? <DashboardPage /> : <p>{status}</p>;
}

/** The app as it starts for an admin whose session is stored: the real session provider and dashboard. */
async function openDashboardAs(name: string) {
  await signInAs({ role: 'admin', clinic_id: 1, name, email: 'ana@example.test' });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ToastProvider>
        <SessionProvider hadStoredSession>
          <Shell />
        </SessionProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
  return within(await screen.findByRole('navigation', { name: 'Sections' }, { timeout: 5000 }));
}

describe('one’s own name changed in Users & Roles', () => {
  it('shows at once in the Users & Roles header and the sidebar', async () => {
    const user = userEvent.setup();
    const sections = await openDashboardAs('Dr. Ana Santos');
    await user.click(sections.getByRole('button', { name: 'Users & Roles' }));
    const table = await screen.findByRole('table', { name: 'Users & Roles' }, { timeout: 5000 });
    expect(screen.getByTestId('user-name').textContent).toBe('Dr. Ana Santos');
    await user.click(await within(table).findByRole('button', { name: 'Edit Dr. Ana Santos' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Dr. Ana Santos-Reyes');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User updated!')).toBeTruthy();
    expect((await rows('users', { email: 'ana@example.test' }))[0]).toMatchObject({ name: 'Dr. Ana Santos-Reyes' });
    expect(screen.getByTestId('users-whoami').textContent).toBe(
      'Logged in as Dr. Ana Santos-Reyes (admin) | Clinic: Smile Dental | Clinic ID: 1',
    );
    expect(screen.getByTestId('user-name').textContent).toBe('Dr. Ana Santos-Reyes');
  });

  it('follows a rename another admin made, once Users & Roles reads the list', async () => {
    const user = userEvent.setup();
    const sections = await openDashboardAs('Dr. Ana Santos');
    expect(screen.getByTestId('user-name').textContent).toBe('Dr. Ana Santos');
    // Another admin's save, straight in the database.
    await realStack().query(`update public.users set name = 'Dr. Ana Reyes' where email = 'ana@example.test'`);
    await user.click(sections.getByRole('button', { name: 'Users & Roles' }));
    await screen.findByRole('table', { name: 'Users & Roles' });
    await waitFor(() =>
      expect(screen.getByTestId('users-whoami').textContent).toBe(
        'Logged in as Dr. Ana Reyes (admin) | Clinic: Smile Dental | Clinic ID: 1',
      ),
    );
    expect(screen.getByTestId('user-name').textContent).toBe('Dr. Ana Reyes');
  });
});
