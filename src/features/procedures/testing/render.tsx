import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { signInAs, stackConfig } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { ProceduresView } from '../procedures-screen';

/** The client the app creates, pointed at the file's real stack; what sweetalert2 needs in jsdom. */
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

/** Renders the Procedures tab as the app does, signed in to clinic 1 with `role` (receptionist by default). */
export async function renderProcedures(options: { role?: Role } = {}) {
  const user = await signInAs({ role: options.role ?? 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = renderApp(
    <QueryClientProvider client={queryClient}>
      <ProceduresView />
    </QueryClientProvider>,
    { session: createSession({ user }) },
  );
  return { ...view, queryClient };
}
