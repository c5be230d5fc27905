import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ToastProvider } from '@/components/toast/toast-provider';
import type { Role } from '@/lib/authorization';
import { SessionContext, type SessionContextValue, type SessionUser } from '@/lib/session';

/** A session user of the given role (factory for component tests). */
export function createSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    name: 'Dr. Ana Santos',
    role: 'admin',
    clinic_id: 1,
    clinic_name: 'Smile Dental',
    supabase_id: '00000000-0000-4000-8000-000000000001',
    supabase_email: 'ana@example.test',
    ...overrides,
  };
}

/** A session context with a signed-in user; every action is a no-op unless overridden. */
export function createSession(overrides: Partial<SessionContextValue> & { role?: Role } = {}): SessionContextValue {
  const { role, ...rest } = overrides;
  const user = rest.user === undefined ? createSessionUser(role ? { role } : {}) : rest.user;
  return {
    status: user ? 'signed-in' : 'signed-out',
    user,
    clinic: { id: user?.clinic_id ?? null, name: user?.clinic_name ?? null },
    notice: null,
    signIn: () => undefined,
    signOut: async () => undefined,
    selectClinic: () => undefined,
    renameClinic: () => undefined,
    renameUser: () => undefined,
    setNotice: () => undefined,
    retry: () => undefined,
    ...rest,
  };
}

/** Renders UI the way the app does: router, toasts and a session (signed in as an admin by default). */
export function renderApp(
  ui: ReactElement,
  options: { session?: SessionContextValue; role?: Role; route?: string } = {},
) {
  const session = options.session ?? createSession({ role: options.role });
  return render(
    <MemoryRouter initialEntries={[options.route ?? '/dashboard']}>
      <ToastProvider>
        <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
      </ToastProvider>
    </MemoryRouter>,
  );
}
