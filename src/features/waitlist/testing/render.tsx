import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { mockConfig } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';

/** The client the app creates, pointed at the mocked API; sweetalert2's needs in jsdom. */
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

/** renderApp plus the dashboard's query client (no retries, so failures show at once). */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options);
}
