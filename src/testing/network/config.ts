import type { RuntimeConfig } from '@/lib/config';

/**
 * The runtime config of a component test that needs no database (sign-in and sign-up failures):
 * nothing listens at these URLs, so every request must be answered by the test's own handlers.
 * Tests on the real database use `stackConfig()` from src/testing/real-db instead.
 */
export const offlineConfig: RuntimeConfig = {
  supabaseUrl: 'http://stack.test',
  anonKey: 'anon',
  apiUrl: 'http://service.test',
};
