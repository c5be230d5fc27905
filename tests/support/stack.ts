import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { startStack, DEMO_PASSWORD, type RunningStack } from '../../local/stack.ts';
import { createScratchDatabase } from './postgres.ts';

export interface TestStack extends RunningStack {
  /** A supabase-js client with the anon key and no stored session. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  serviceClient(): SupabaseClient;
  /** A client signed in with e-mail and password (the demo password by default). */
  signedIn(email: string, password?: string): Promise<SupabaseClient>;
  stop(): Promise<void>;
}

/**
 * Starts a whole local stack on a free port with a fresh PGlite data directory (or the given
 * one, kept afterwards), or on a throwaway database of a real PostgreSQL server.
 */
export async function startTestStack(
  options: { seed?: boolean; postgresServerUrl?: string; dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TestStack> {
  const scratch = options.postgresServerUrl ? await createScratchDatabase(options.postgresServerUrl) : undefined;
  const ownDataDir = !scratch && !options.dataDir;
  const dataDir = scratch ? undefined : (options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ngiti-test-'))));
  const stack = await startStack({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: String(options.seed ?? true),
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  // Node 20 has no global WebSocket; supabase-js's realtime client needs one to construct.
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  };
  return {
    ...stack,
    anonClient: () => createClient(stack.url, stack.config.anonKey, clientOptions),
    serviceClient: () => createClient(stack.url, stack.config.serviceRoleKey, clientOptions),
    async signedIn(email, password = DEMO_PASSWORD) {
      const client = createClient(stack.url, stack.config.anonKey, clientOptions);
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
      return client;
    },
    async stop() {
      await stack.close();
      if (ownDataDir && dataDir) await rm(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}
