import type { ReactElement } from 'react';
import type { Role } from '@/lib/authorization';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { renderSignedIn, stackConfig } from '@/testing/real-db';

/** The app's clients pointed at the file's real stack (the service's requests meet MSW handlers). */
export function prepareDom() {
  initSupabase(stackConfig());
  initServiceClient(stackConfig());
}

/** Renders UI signed in to clinic 1 with `role` (receptionist by default), queries never retried. */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  return renderSignedIn(ui, { role: options.role ?? 'receptionist' });
}
