import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { signInAs, stackConfig } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/** The app's clients pointed at the file's real stack (the service's requests meet MSW handlers). */
export function prepareDom() {
  initSupabase(stackConfig());
  initServiceClient(stackConfig());
}

/**
 * renderApp plus a query client without retries, so failures show at once, signed in to clinic 1
 * with `role` (receptionist by default).
 */
export async function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const user = await signInAs({ role: options.role ?? 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    session: createSession({ user }),
  });
}
