import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { createSession, renderApp } from '../render-app';
import { signInAs } from './session';

/**
 * Renders UI as the app does for a staff member signed in for real (`signInAs`) with `role` in
 * `clinicId` (1 by default), with a fresh query client that never retries, so a failure shows at
 * once. Answers the render and its query client.
 */
export async function renderSignedIn(ui: ReactElement, options: { role: Role; clinicId?: number }) {
  const user = await signInAs({ role: options.role, clinic_id: options.clinicId ?? 1 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, {
    session: createSession({ user }),
  });
  return { ...view, queryClient };
}
