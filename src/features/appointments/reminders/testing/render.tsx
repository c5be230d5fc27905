import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { SessionContextValue } from '@/lib/session';
import { signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/** A receptionist of clinic 1 signed in on the real stack, as the session renderWithQueries gives. */
export async function signedInSession() {
  return createSession({ user: await signInAs({ role: 'receptionist', clinic_id: 1 }) });
}

/** renderApp with this session plus a query client without retries, so failures show at once. */
export function renderWithQueries(ui: ReactElement, session: SessionContextValue) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, { session });
}
