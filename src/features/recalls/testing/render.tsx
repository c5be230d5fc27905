import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { mockConfig } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';

/** The app's clients pointed at the one MSW layer. */
export function prepareDom() {
  initSupabase(mockConfig);
  initServiceClient(mockConfig);
}

/** renderApp plus a query client without retries, so failures show at once. */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options);
}
