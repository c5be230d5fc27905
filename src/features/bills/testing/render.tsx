import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { renderSignedIn } from '@/testing/real-db';
import { BillingView } from '../billing-screen';

/**
 * Renders UI as the app does, with a fresh query client (no retries), signed in to clinic 1 with
 * `role` (receptionist by default) on the file's real stack.
 */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  return renderSignedIn(ui, { role: options.role ?? 'receptionist' });
}

/** Renders the Billing System tab as the app does, signed in with `role` (receptionist by default). */
export function renderBilling(options: { role?: Role } = {}) {
  return renderWithQueries(<BillingView />, options);
}
