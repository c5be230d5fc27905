import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initServiceClient } from '@/lib/service-config';
import { initSupabase } from '@/lib/supabase';
import { stubSweetAlertGlobals } from '../sweet-alert-globals';
import { setupRealDatabase } from './lifecycle';
import { stackConfig } from './stack';

/**
 * The clients the app creates (Supabase and the notification service) pointed at the file's real
 * stack, the service's requests meeting the test's MSW handlers; and what sweetalert2 needs in jsdom.
 */
export function prepareDom(): void {
  initSupabase(stackConfig());
  initServiceClient(stackConfig());
  stubSweetAlertGlobals();
}

/**
 * The lifecycle of a component test file on the real stack, called once at its top instead of
 * `setupRealDatabase()`: the database, the app's clients and sweetalert2's needs before each test;
 * afterwards the DOM unmounted and every stub and spy undone.
 */
export function setupComponentTests(): void {
  setupRealDatabase();
  beforeEach(prepareDom);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
