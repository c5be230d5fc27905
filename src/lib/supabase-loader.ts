import type { RuntimeConfig } from './config';
import type { AppSupabaseClient } from './supabase';

/**
 * Loads the app's Supabase client (src/lib/supabase.ts: auth-js, postgrest-js, functions-js,
 * about 30 KB of gzipped JavaScript) on first use instead of with the login screen.
 * A visitor without a stored session downloads it when the auth form is first touched or
 * submitted; a stored session loads it at once to be checked. Everything after sign-in keeps
 * using `getSupabase()`, which is ready by then.
 */
let config: RuntimeConfig | undefined;
let loading: Promise<AppSupabaseClient> | undefined;
let announce: ((client: AppSupabaseClient) => void) | undefined;
const ready = new Promise<AppSupabaseClient>((resolve) => {
  announce = resolve;
});

/** Where the client will point, once /config.json is known. */
export function configureSupabase(runtime: RuntimeConfig): void {
  config = runtime;
}

/** Called by src/lib/supabase.ts when the client is created (by `loadSupabase` or, in tests, directly). */
export function announceSupabase(client: AppSupabaseClient): void {
  announce?.(client);
}

/** Resolves with the client once it exists; does not start loading it. */
export function whenSupabaseReady(): Promise<AppSupabaseClient> {
  return ready;
}

/** The client, loading its code first if needed. A failed load can be tried again. */
export function loadSupabase(): Promise<AppSupabaseClient> {
  loading ??= import('./supabase')
    .then((module) => {
      const existing = module.peekSupabase();
      if (existing) return existing;
      return module.initSupabase(loadedConfig());
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/** An auth client for a recovery link's session only (createRecoveryAuthClient), once /config.json is known. */
export async function loadRecoveryAuthClient(): Promise<AppSupabaseClient['auth']> {
  const module = await import('./supabase');
  return module.createRecoveryAuthClient(loadedConfig());
}

function loadedConfig(): RuntimeConfig {
  if (!config) throw new Error('The Supabase client is used before /config.json was loaded');
  return config;
}

/**
 * Downloads the client's code without creating the client, so a stored session's check does not
 * wait for /config.json and then for this chunk one after the other (on a phone, that delayed the
 * largest paint).
 */
export function prefetchSupabaseCode(): void {
  import('./supabase').catch(() => undefined);
}

/** Starts loading the client without waiting (e.g. when the user starts filling in a form). */
export function preloadSupabase(): void {
  loadSupabase().catch(() => undefined);
}

/** Where the session is kept in localStorage (fixed, so a stale entry can be recognised). */
export const AUTH_STORAGE_KEY = 'ngiti-auth';

/** Whether this browser holds a stored session (read before auth-js touches it). */
export function hadStoredSession(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}
