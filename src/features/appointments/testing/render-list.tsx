import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Role } from '@/lib/authorization';
import { initServiceClient } from '@/lib/service-client';
import { initSupabase } from '@/lib/supabase';
import { fakeRealtime } from '@/lib/testing/fake-realtime';
import { mockConfig, seed } from '@/testing/mocks';
import { renderApp } from '@/testing/render-app';

/** The clients the app creates, pointed at the mocked network; what sweetalert2 needs in jsdom. */
export function prepareListDom() {
  initSupabase(mockConfig);
  initServiceClient(mockConfig);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('scrollTo', () => undefined);
}

/**
 * The set-up every test of the list screen shares: the clock stopped at `now` (Date only, so
 * timers still run), the app's clients and jsdom stubs, console errors silenced; afterwards
 * the DOM, the fake live feed, the clock and every stub and spy are reset.
 */
export function setUpListScreen(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    prepareListDom();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    fakeRealtime.reset();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** renderApp plus the dashboard's query client (no retries, so failures show at once). */
export function renderWithQueries(ui: ReactElement, options: { role?: Role } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { queryClient, ...renderApp(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, options) };
}

/**
 * Clinic 1's one dentist, two patients and one procedure, as the booking form needs them:
 * Dr. Andrea Villanueva (1), Maria Santos (11), Jose Rizal (12), Oral Prophylaxis (201, ₱800).
 */
export function seedBookingBasics() {
  seed.dentists([{ id: 1, name: 'Dr. Andrea Villanueva' }]);
  seed.patients([
    { id: 11, name: 'Maria Santos' },
    { id: 12, name: 'Jose Rizal' },
  ]);
  seed.procedure_categories([{ id: 1, name: 'Preventive Care' }]);
  seed.procedures([{ id: 201, category_id: 1, name: 'Oral Prophylaxis', price: 800 }]);
}
