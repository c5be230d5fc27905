import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { mockConfig } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';
import { ProceduresView } from '../procedures-screen';

/** The client the app creates, pointed at the mocked API; what sweetalert2 needs in jsdom. */
export function prepareDom() {
  initSupabase(mockConfig);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

/** Renders the Procedures tab as the app does, signed in with `role` (receptionist by default). */
export function renderProcedures(options: { role?: Role } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = renderApp(
    <QueryClientProvider client={queryClient}>
      <ProceduresView />
    </QueryClientProvider>,
    { role: options.role ?? 'receptionist' },
  );
  return { ...view, queryClient };
}
