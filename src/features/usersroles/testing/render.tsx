import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { SessionContextValue } from '@/lib/session';
import { renderApp } from '@/testing/render-app';

/**
 * renderApp plus a query client without retries, so failures show at once, with the session of
 * a staff member the test signed in (`signInAs`) on the real stack.
 */
export function renderWithQueries(ui: ReactElement, options: { session: SessionContextValue }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options);
}
