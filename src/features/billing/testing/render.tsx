import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { renderApp } from '@/testing/render-app';
import { BillingView } from '../billing-screen';

/** Renders UI as the app does, with a fresh query client (no retries). */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    role: options.role ?? 'receptionist',
  });
  return { ...view, queryClient };
}

/** Renders the Billing System tab as the app does, signed in with `role` (receptionist by default). */
export function renderBilling(options: { role?: Role } = {}) {
  return renderWithQueries(<BillingView />, options);
}
