import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { initServiceClient } from '@/lib/service-client';
import type { SessionContextValue } from '@/lib/session';
import { initSupabase } from '@/lib/supabase';
import { signInAs, stackConfig } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/**
 * The clients the app creates, pointed at the file's real stack (the notification service's
 * answers come from the test's MSW handlers); what sweetalert2 needs in jsdom.
 */
export function prepareDom() {
  initSupabase(stackConfig());
  initServiceClient(stackConfig());
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

/** A receptionist of clinic 1 signed in on the real stack, as the session renderWithQueries gives. */
export async function signedInSession() {
  return createSession({ user: await signInAs({ role: 'receptionist', clinic_id: 1 }) });
}

/** renderApp with this session plus a query client without retries, so failures show at once. */
export function renderWithQueries(ui: ReactElement, session: SessionContextValue) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, { session });
}
