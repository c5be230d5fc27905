import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { DashboardContext } from '@/lib/dashboard';
import { SessionContext, type ActiveClinic, type SessionUser } from '@/lib/session';
import { signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { ClinicConfigView } from '../clinics-screen';
import type { FacebookPollTiming } from '../facebook-connect/poller';

/** Fast poll timings for component tests: the spec's 2000 ms × 30 is the poller's unit tests' job. */
export const FAST_POLL: FacebookPollTiming = { intervalMs: 20, maxPolls: 500, closeCheckMs: 10 };

/** A session whose clinic choice works as the app's does (selectClinic changes the working clinic). */
function LiveSession({ user, clinic, children }: { user: SessionUser; clinic: ActiveClinic; children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveClinic>(clinic);
  const value = useMemo(
    () =>
      createSession({
        user,
        clinic: current,
        selectClinic: (next) => setCurrent(next),
        renameClinic: (clinicId, name) => setCurrent((now) => (now.id === clinicId ? { id: clinicId, name } : now)),
      }),
    [user, current],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * Renders the Clinic Config tab as the dashboard does: a fresh query client (no retries), a live
 * session signed in on the real stack (admin of clinic 1 by default; of the given clinic, or of
 * clinic 1 when it is none) and the dashboard's tab switcher (`selectTab` is a spy); `user` is who is signed in.
 */
export async function renderClinicConfig(
  options: { role?: Role; clinic?: ActiveClinic; timing?: FacebookPollTiming; extra?: ReactNode } = {},
) {
  const role = options.role ?? 'admin';
  const clinic = options.clinic ?? { id: 1, name: 'Smile Dental' };
  const user = await signInAs({ role, clinic_id: clinic.id ?? 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const selectTab = vi.fn();
  const view = renderApp(
    <QueryClientProvider client={queryClient}>
      <DashboardContext.Provider value={{ activeTab: 'clinicconfig', selectTab }}>
        <LiveSession user={user} clinic={clinic}>
          <ClinicConfigView facebookTiming={options.timing ?? FAST_POLL} />
          {options.extra}
        </LiveSession>
      </DashboardContext.Provider>
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
  return { ...view, queryClient, selectTab, user };
}
