import type { RuntimeConfig } from '@/lib/config';

/**
 * The runtime config component tests give the app (`initSupabase(mockConfig)`,
 * `initServiceClient(mockConfig)`): the PostgREST mock answers under `supabaseUrl`; requests to
 * `apiUrl` (the notification service) need handlers of the test's own (`server.use(…)`).
 */
export const mockConfig: RuntimeConfig = {
  supabaseUrl: 'http://stack.test',
  anonKey: 'anon',
  apiUrl: 'http://service.test',
};

/** Base of the mocked REST API, e.g. for a `server.use(http.get(`${restUrl}/patients`, …))` override. */
export const restUrl = `${mockConfig.supabaseUrl}/rest/v1`;
