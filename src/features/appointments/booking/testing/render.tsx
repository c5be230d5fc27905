import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { SessionUser } from '@/lib/session';
import { signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/** A query client like the dashboard's, without retries. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/** A receptionist of clinic 1 signed in on the real stack (the app's client carries the session). */
export const signInReceptionist = () => signInAs({ role: 'receptionist', clinic_id: 1 });

/**
 * renderApp with a query client like the dashboard's (or the one given), signed in as a
 * receptionist of clinic 1 unless a signed-in user is given; the client is returned.
 */
export async function renderWithQueries(ui: ReactElement, queryClient = testQueryClient(), user?: SessionUser) {
  const session = createSession({ user: user ?? (await signInReceptionist()) });
  const result = renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, { session });
  return { ...result, queryClient };
}
