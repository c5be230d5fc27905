import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initSupabase } from '@/lib/supabase';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { prepareDom, renderSignedIn, seed, setupRealDatabase, stackConfig } from '@/testing/real-db';

/**
 * The set-up every test of the list screen shares, called once at the file's top: the file's real
 * database (`setupRealDatabase()`) holding clinic 1, the clock stopped at `now` (Date only, so
 * timers still run), the app's clients and jsdom stubs, console errors silenced; afterwards the
 * DOM, the fake live feed, the clock and every stub and spy are reset.
 */
export function setUpListScreen(now: Date) {
  setupRealDatabase();
  beforeAll(() => initSupabase(stackConfig()));
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    prepareDom();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await seed.clinics([{ id: 1 }]);
  });
  afterEach(() => {
    cleanup();
    fakeRealtime.reset();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/**
 * renderApp plus the dashboard's query client (no retries, so failures show at once), signed in
 * to clinic 1 with `role` (admin by default) on the file's real stack.
 */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  return renderSignedIn(ui, { role: options.role ?? 'admin' });
}

/**
 * Clinic 1's one dentist, two patients and one procedure, as the booking form needs them:
 * Dr. Andrea Villanueva (1), Maria Santos (11), Jose Rizal (12), Oral Prophylaxis (201, ₱800).
 */
export async function seedBookingBasics() {
  await seed.dentists([{ id: 1, name: 'Dr. Andrea Villanueva' }]);
  await seed.patients([
    { id: 11, name: 'Maria Santos' },
    { id: 12, name: 'Jose Rizal' },
  ]);
  await seed.procedure_categories([{ id: 1, name: 'Preventive Care' }]);
  await seed.procedures([{ id: 201, category_id: 1, name: 'Oral Prophylaxis', price: 800 }]);
}
