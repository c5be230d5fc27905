import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** What a function needs from its platform; the Deno entry reads it from the environment. */
export interface FunctionDeps {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The fetch the clients use (tests and the local stack may pass their own). */
  fetch?: typeof fetch;
  /** Where the runtime has no global WebSocket (Node 20), the one supabase-js's realtime client is built with. */
  webSocket?: typeof WebSocket;
}

/** A function's portable body: a web-standard request in, a response out. */
export type FunctionHandler = (req: Request, deps: FunctionDeps) => Promise<Response>;

const serverSide = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

const runtimeOptions = (deps: FunctionDeps) => ({
  ...(deps.webSocket ? { realtime: { transport: deps.webSocket } } : {}),
});

/** A client acting as the caller: it carries their Authorization header, so RLS applies to what it reads. */
export function createCallerClient(deps: FunctionDeps, authorization: string): SupabaseClient {
  return createClient(deps.supabaseUrl, deps.anonKey, {
    ...runtimeOptions(deps),
    auth: serverSide,
    global: { headers: { Authorization: authorization }, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
  });
}

/**
 * The header that tells the audit trail a service-role request came from an edge function
 * (supabase/migrations/…_audit.sql, audit_append); honoured only with the service-role key.
 */
export const EDGE_FUNCTION_DOOR = { 'x-ngiti-door': 'edge-function' } as const;

/** The service-role client: bypasses RLS; use it only after the caller has been checked. */
export function createServiceClient(deps: FunctionDeps): SupabaseClient {
  return createClient(deps.supabaseUrl, deps.serviceRoleKey, {
    ...runtimeOptions(deps),
    auth: serverSide,
    global: { headers: { ...EDGE_FUNCTION_DOOR }, ...(deps.fetch ? { fetch: deps.fetch } : {}) },
  });
}
