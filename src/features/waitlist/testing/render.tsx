import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { renderSignedIn, stackConfig } from '@/testing/real-db';

/** The client the app creates, pointed at the file's real stack; sweetalert2's needs in jsdom. */
export function prepareDom() {
  initSupabase(stackConfig());
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

/** Renders UI signed in to clinic 1 with `role` (admin by default), queries never retried. */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  return renderSignedIn(ui, { role: options.role ?? 'admin' });
}
