import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { renderSignedIn } from '@/testing/real-db';

/** Renders UI signed in to clinic 1 with `role` (receptionist by default), queries never retried. */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  return renderSignedIn(ui, { role: options.role ?? 'receptionist' });
}
