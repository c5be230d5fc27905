import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { mockConfig } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';

/** The client the app creates, pointed at the mocked REST API; what sweetalert2 needs in jsdom. */
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

/** A query client like the dashboard's, without retries. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/** renderApp with a query client like the dashboard's (or the one given); the client is returned. */
export function renderWithQueries(ui: ReactElement, queryClient = testQueryClient()) {
  const result = renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    role: 'receptionist',
  });
  return { ...result, queryClient };
}
