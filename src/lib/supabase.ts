import { AuthClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RuntimeConfig } from './config';
import type { Database } from './database.types';
import { announceSupabase, AUTH_STORAGE_KEY } from './supabase-loader';

export { AUTH_STORAGE_KEY, hadStoredSession } from './supabase-loader';

/**
 * The app's one Supabase client: `auth`, `from`, `rpc` and `functions`, with the same call
 * shapes as supabase-js's `SupabaseClient`.
 *
 * It is put together from the libraries supabase-js itself is made of (auth-js, postgrest-js,
 * functions-js, pinned to the same 2.109.0) and wired the way supabase-js wires them: every
 * data and function request carries `apikey` and the signed-in user's access token (else the
 * key). supabase-js's `createClient` also builds a Realtime and a Storage client, which this
 * app never uses and which would cost about 27 KB of gzipped JavaScript. The login screen does not
 * load even this file until it needs it (src/lib/supabase-loader.ts). A feature that needs Realtime or Storage can switch this file to
 * `createClient` (docs/adr/0021-login-bundle-budget.md).
 */
export interface AppSupabaseClient {
  auth: InstanceType<typeof AuthClient>;
  from: PostgrestClient<Database>['from'];
  rpc: PostgrestClient<Database>['rpc'];
  functions: FunctionsClient;
}

const CLIENT_INFO = { 'X-Client-Info': 'ngiti-spa (supabase-js 2.109.0 libraries)' };

let client: AppSupabaseClient | undefined;

export function createAppSupabaseClient(
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'anonKey'>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): AppSupabaseClient {
  const { supabaseUrl, anonKey } = config;
  const auth = authClient(config, fetchImpl, {
    storageKey: AUTH_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
  });

  const fetchWithAuth: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', anonKey);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${data.session?.access_token ?? anonKey}`);
    return fetchImpl(input, { ...init, headers });
  };

  const rest = new PostgrestClient<Database>(`${supabaseUrl}/rest/v1`, { headers: CLIENT_INFO, fetch: fetchWithAuth });
  const functions = new FunctionsClient(`${supabaseUrl}/functions/v1`, {
    headers: CLIENT_INFO,
    customFetch: fetchWithAuth,
  });
  return {
    auth,
    from: rest.from.bind(rest) as AppSupabaseClient['from'],
    rpc: rest.rpc.bind(rest) as AppSupabaseClient['rpc'],
    functions,
  };
}

/**
 * An auth client for a recovery link's session alone: kept in memory, never refreshed, so a reset
 * that fails (a password the server refuses) leaves no signed-in session in this browser for the
 * next person at the desk, and a second try can use the link's tokens again.
 */
export function createRecoveryAuthClient(
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'anonKey'>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): InstanceType<typeof AuthClient> {
  return authClient(config, fetchImpl, {
    storageKey: `${AUTH_STORAGE_KEY}-recovery`,
    persistSession: false,
    autoRefreshToken: false,
  });
}

/** auth-js pointed at the project, as the app wires it; `session` says where and how it keeps one. */
function authClient(
  { supabaseUrl, anonKey }: Pick<RuntimeConfig, 'supabaseUrl' | 'anonKey'>,
  fetchImpl: typeof fetch,
  session: { storageKey: string; persistSession: boolean; autoRefreshToken: boolean },
): InstanceType<typeof AuthClient> {
  return new AuthClient({
    url: `${supabaseUrl}/auth/v1`,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey, ...CLIENT_INFO },
    ...session,
    // The app reads auth fragments itself (src/lib/auth-fragment.ts): a recovery link's tokens
    // stay in the URL for /reset-password, and a sign-up confirmation link signs nobody in.
    detectSessionInUrl: false,
    flowType: 'implicit',
    fetch: fetchImpl,
  });
}

/**
 * Creates the client once /config.json is known. `fetchImpl` lets a test outside a browser see
 * every request the app's client sends (the patient search's URLs, tests/integration).
 */
export function initSupabase(config: RuntimeConfig, fetchImpl?: typeof fetch): AppSupabaseClient {
  if (!client) {
    client = createAppSupabaseClient(config, fetchImpl);
    announceSupabase(client);
  }
  return client;
}

/** The client if it was created already (src/lib/supabase-loader.ts), else undefined. */
export function peekSupabase(): AppSupabaseClient | undefined {
  return client;
}

export function getSupabase(): AppSupabaseClient {
  if (!client) throw new Error('The Supabase client is used before /config.json was loaded');
  return client;
}
