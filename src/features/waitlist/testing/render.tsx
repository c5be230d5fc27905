import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { signInAs, stackConfig } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';

/** The client the app creates, pointed at the file's real stack; sweetalert2's needs in jsdom. */
export function prepareDom() {
  initSupabase(stackConfig());
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

/**
 * renderApp plus the dashboard's query client (no retries, so failures show at once), signed in
 * to clinic 1 with `role` (admin by default).
 */
export async function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const user = await signInAs({ role: options.role ?? 'admin', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    session: createSession({ user }),
  });
}
