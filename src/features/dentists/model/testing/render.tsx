import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import type { SessionContextValue } from '@/lib/session';
import { signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/**
 * renderApp plus the dashboard's query client (no retries, so failures show at once), signed in to
 * clinic 1 with `role` (admin by default) unless a session is given.
 */
export async function renderWithQueries(
  ui: ReactElement,
  options: { role?: Role; session?: SessionContextValue } = {},
) {
  const session =
    options.session ?? createSession({ user: await signInAs({ role: options.role ?? 'admin', clinic_id: 1 }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, { ...options, session });
}
