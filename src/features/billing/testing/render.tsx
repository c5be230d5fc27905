import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { signInAs } from '@/testing/real-db';
import { createSession, renderApp } from '@/testing/render-app';
import { BillingView } from '../billing-screen';

/**
 * Renders UI as the app does, with a fresh query client (no retries), signed in to clinic 1 with
 * `role` (receptionist by default) on the file's real stack.
 */
export async function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const user = await signInAs({ role: options.role ?? 'receptionist', clinic_id: 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    session: createSession({ user }),
  });
  return { ...view, queryClient };
}

/** Renders the Billing System tab as the app does, signed in with `role` (receptionist by default). */
export function renderBilling(options: { role?: Role } = {}) {
  return renderWithQueries(<BillingView />, options);
}
