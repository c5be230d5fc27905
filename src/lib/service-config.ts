import type { RuntimeConfig } from './config';

/**
 * Where the notification service is (src/lib/service-client.ts re-exports all of this). Kept apart
 * so the app's start (src/main.tsx) can set it without loading the client, which pulls in zod and
 * the Supabase client the login screen does not need.
 */
let apiUrl: string | undefined;

/** Remembers the service's base URL once /config.json is known. */
export function initServiceClient(config: Pick<RuntimeConfig, 'apiUrl'>): void {
  apiUrl = config.apiUrl.replace(/\/+$/, '');
}

export function serviceBaseUrl(): string {
  if (apiUrl === undefined) throw new Error('The service client is used before /config.json was loaded');
  return apiUrl;
}

export function serviceUrl(path: string, query?: Record<string, string | number>): string {
  if (apiUrl === undefined) throw new Error('The service client is used before /config.json was loaded');
  const url = new URL(`${apiUrl}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  return url.toString();
}
