// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { seed, setupRealDatabase, signInAs, stackConfig } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import DashboardPage from './dashboard-page';
import { TabPanel } from './tab-panel';

// The shell's access watch opens a socket to the service; src/app/access-revoked.dom.test.tsx tests it.
const accessWatch = vi.hoisted(() => ({ useAccessWatch: vi.fn() }));
vi.mock('../use-access-watch', () => accessWatch);

// The views behind the tabs read their data from the real database, as the signed-in user.
setupRealDatabase();
beforeAll(() => initSupabase(stackConfig()));
beforeEach(async () => {
  await seed.clinics([{ id: 1, name: 'Smile Dental' }]);
});

/** The shell as a real staff member of clinic 1 sees it. */
async function renderDashboard(role: Role) {
  const user = await signInAs({ role, clinic_id: 1 });
  return renderApp(<DashboardPage />, { session: createSession({ user }) });
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Sections' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the dashboard shell', () => {
  it("watches the user's access for the clinic it works on", () => {
    renderApp(<DashboardPage />, { session: createSession({ role: 'receptionist' }) });
    expect(accessWatch.useAccessWatch).toHaveBeenCalledWith(1);
  });

  it.each<[Role, string[]]>([
    [
      'admin',
      [
        'Patients',
        'Appointments',
        'Dentists',
        'Billing System',
        'Procedures',
        'Clinic Config',
        'Users & Roles',
        'Chat',
        'Reports',
        'Recalls',
        'Waitlist',
      ],
    ],
    [
      'receptionist',
      [
        'Patients',
        'Appointments',
        'Dentists',
        'Billing System',
        'Procedures',
        'Chat',
        'Reports',
        'Recalls',
        'Waitlist',
      ],
    ],
    ['dentist', ['Patients', 'Appointments', 'Billing System', 'Chat']],
  ])('shows a %s only the allowed tabs', async (role, expected) => {
    await renderDashboard(role);
    expect(tabNames()).toEqual(expected);
  });

  it("shows the clinic, the user's name and role, Logout and the footer with this year", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-02T02:00:00Z'));
    await renderDashboard('receptionist');
    expect(screen.getByTestId('clinic-name').textContent).toBe('Smile Dental');
    expect(screen.getByTestId('user-name').textContent).toBe('Dr. Ana Santos');
    expect(screen.getByTestId('user-role').textContent).toBe('Receptionist');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByText('© 2031 Ngiti')).toBeTruthy();
    expect(screen.queryByLabelText('Working on')).toBeNull();
    vi.useRealTimers();
  });

  it("falls back to 'Clinic' when the clinic has no name", () => {
    const session = createSession();
    renderApp(<DashboardPage />, { session: { ...session, clinic: { id: 1, name: null } } });
    expect(screen.getByTestId('clinic-name').textContent).toBe('Clinic');
  });

  it('highlights the active tab and switches the view without changing the URL', async () => {
    const user = userEvent.setup();
    await renderDashboard('admin');
    const patients = screen.getByRole('button', { name: 'Patients' });
    expect(patients.getAttribute('aria-current')).toBe('page');
    // The Patients view is its own lazily loaded chunk (its first transform is slow on a busy machine).
    expect(await screen.findByRole('heading', { name: 'Patients' }, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Users & Roles' }));
    expect(screen.getByRole('button', { name: 'Users & Roles' }).getAttribute('aria-current')).toBe('page');
    expect(patients.getAttribute('aria-current')).toBeNull();
    // The Users & Roles view (its own lazily loaded chunk) with its spec header.
    expect(await screen.findByText(/^Logged in as /, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Users & Roles' })).toBeTruthy();
  });

  it('offers the keyboard a skip link first, which moves focus past the sidebar into the tab', async () => {
    const user = userEvent.setup();
    await renderDashboard('receptionist');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('guards a tab view at render time too', () => {
    renderApp(<TabPanel tabKey="usersroles" />, { role: 'dentist' });
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this tab.');
    expect(screen.queryByText(/^Logged in as /)).toBeNull();
  });

  it('lets the superadmin pick the clinic every view works on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          { id: 2, name: 'Bright Teeth' },
          { id: 1, name: 'Smile Dental' },
        ]),
      ),
    );
    const user = userEvent.setup();
    const session = createSession({ role: 'superadmin' });
    let selected: { id: number; name: string } | undefined;
    renderApp(<DashboardPage />, { session: { ...session, selectClinic: (clinic) => (selected = clinic) } });
    const selector = await screen.findByRole('combobox', { name: 'Working on' });
    await screen.findByRole('option', { name: 'Bright Teeth' });
    await user.selectOptions(selector, '2');
    expect(selected).toEqual({ id: 2, name: 'Bright Teeth' });
  });
});
