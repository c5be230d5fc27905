import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { mockConfig } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';

/** The clients the app creates, pointed at the mocked network; what sweetalert2 needs in jsdom. */
export function prepareDom() {
  initSupabase(mockConfig);
  initServiceClient(mockConfig);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

/** renderApp plus a query client without retries, so failures show at once. */
export function renderWithQueries(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}
