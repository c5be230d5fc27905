// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast/toast-provider';
import { LoginPage } from '@/features/auth/components/login-page';
import type { RealtimeStatus, SubscribeOptions } from '@/lib/realtime-client';
import { deliverServiceEvent } from '@/lib/realtime-payloads';
import { useSession } from '@/lib/session';
import { createSessionUser } from '@/testing/render-app';
import { SessionProvider } from './session-provider';
import { useAccessWatch } from './use-access-watch';

const lazyAuth = vi.hoisted(() => ({
  restoreSession: vi.fn(),
  signOutHere: vi.fn(async () => undefined),
}));

vi.mock('@/features/auth/api/lazy', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  restoreSession: lazyAuth.restoreSession,
  signOutHere: lazyAuth.signOutHere,
}));

// The provider's auth-state listener waits for the Supabase client, which these tests never load.
vi.mock('@/lib/supabase-loader', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  whenSupabaseReady: () => new Promise(() => undefined),
}));

const ACCESS_CHANGED = 'Your access was changed or removed. Please sign in again.';

let watched: SubscribeOptions<'access-revoked'> | undefined;
let closed = 0;
const subscribe = vi.fn(async (options: SubscribeOptions) => {
  watched = options as SubscribeOptions<'access-revoked'>;
  return { close: () => void closed++ };
});

/**
 * A dashboard stand-in: what the real one shows of an empty tab once its first read is in, and
 * its access watch (opened after that read).
 */
function Dashboard() {
  const { clinic } = useSession();
  useAccessWatch(clinic.id, subscribe);
  const invoices = useQuery({ queryKey: ['invoices', clinic.id], queryFn: async () => [] });
  return invoices.data ? <p>No invoices found.</p> : null;
}

/** The app's routes in small: the dashboard while signed in, else the real login page. */
function Screens() {
  const { status } = useSession();
  if (status === 'restoring') return <p>Loading…</p>;
  return (
    <Routes>
      <Route path="*" element={status === 'signed-in' ? <Dashboard /> : <LoginPage />} />
    </Routes>
  );
}

async function openDashboard() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <ToastProvider>
        <SessionProvider hadStoredSession>
          <QueryClientProvider client={new QueryClient()}>
            <Screens />
          </QueryClientProvider>
        </SessionProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
  await screen.findByText('No invoices found.');
  await waitFor(() => expect(watched).toBeDefined());
}

function status(next: RealtimeStatus, detail?: string, code?: string) {
  act(() => watched?.onStatus?.(next, detail, code));
}

beforeEach(() => {
  lazyAuth.restoreSession.mockResolvedValue({ kind: 'signed-in', user: createSessionUser({ role: 'receptionist' }) });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  watched = undefined;
  closed = 0;
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('a screen whose access ends while it is open', () => {
  it("watches the service's access notices for the session's clinic, whatever the tab", async () => {
    await openDashboard();
    expect(watched).toMatchObject({ clinicId: 1, event: 'access-revoked', label: 'access-watch' });
  });

  it.each(['user_deleted', 'profile_changed', 'profile_deleted', 'session_ended', 'user_banned'])(
    'when the service says the access ended (%s), then the session ends here and the login page says why',
    async (reason) => {
      await openDashboard();
      act(() => {
        deliverServiceEvent(watched!, { reason });
      });
      expect((await screen.findByRole('alert')).textContent).toBe(ACCESS_CHANGED);
      expect(screen.queryByText('No invoices found.')).toBeNull();
      expect(screen.getByRole('button', { name: 'Login' })).toBeDefined();
      expect(lazyAuth.signOutHere).toHaveBeenCalledTimes(1);
      // The dashboard's socket went with it (closed once its subscription has settled).
      await waitFor(() => expect(closed).toBe(1));
    },
  );

  it('when the reconnection is refused because the profile is gone (403 no_profile), then the same', async () => {
    await openDashboard();
    status('refused', 'Your account has no staff profile.', 'no_profile');
    expect((await screen.findByRole('alert')).textContent).toBe(ACCESS_CHANGED);
    expect(lazyAuth.signOutHere).toHaveBeenCalledTimes(1);
  });

  it('when the reconnection is refused for another reason (no code), or the connection drops, then the dashboard stays', async () => {
    await openDashboard();
    status('reconnecting');
    status('refused', 'Your session has expired. Please log in again.');
    status('refused', 'Clinic not found.', 'not_a_revocation');
    expect(screen.getByText('No invoices found.')).toBeDefined();
    expect(lazyAuth.signOutHere).not.toHaveBeenCalled();
  });

  it('when a malformed notice arrives, then it is ignored', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openDashboard();
    act(() => {
      deliverServiceEvent(watched!, { because: 'user_deleted' });
    });
    expect(screen.getByText('No invoices found.')).toBeDefined();
    expect(lazyAuth.signOutHere).not.toHaveBeenCalled();
  });
});
