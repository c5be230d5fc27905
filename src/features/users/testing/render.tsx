import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import type { SessionContextValue } from '@/lib/session';
import { initSupabase } from '@/lib/supabase';
import { mockConfig } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';

/** The client the app creates, pointed at the mocked API. */
export function prepareDom() {
  initSupabase(mockConfig);
}

/** renderApp plus a query client without retries, so failures show at once. */
export function renderWithQueries(ui: ReactElement, options: { role?: Role; session?: SessionContextValue } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options);
}
