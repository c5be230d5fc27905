import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { closeLogger, createLogger, type Logger } from '../../local/logger.ts';
import { startStack, DEMO_PASSWORD, type RunningStack } from '../../local/stack.ts';
import type { DatabaseTarget } from './database.ts';
import { prepareDataDir } from './pglite-template.ts';
import { createScratchDatabase, testDatabaseUrl } from './postgres.ts';

export interface TestStack extends RunningStack {
  /** A supabase-js client with the anon key and no stored session. */
  anonClient(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  serviceClient(): SupabaseClient;
  /**
   * A client signed in with e-mail and password (the demo password by default); `fetch` sends its
   * requests (to see what goes over the wire).
   */
  signedIn(email: string, password?: string, options?: { fetch?: typeof fetch }): Promise<SupabaseClient>;
  stop(): Promise<void>;
}

/**
 * The directory where a whole test run keeps its logs (NGITI_TEST_LOG_DIR, set by
 * scripts/run-tests.mjs so tests/logs/log-hygiene.test.ts can read them); without it nothing is
 * logged. At debug level, every request the gateway serves has its line.
 */
const testLogDir = process.env.NGITI_TEST_LOG_DIR || undefined;
const TEST_LOG_LEVEL = 'debug';
let testLogFiles = 0;

/** A new file in the run's log directory, or undefined when the run keeps no logs. */
export function testLogFile(label: string): string | undefined {
  if (!testLogDir) return undefined;
  testLogFiles += 1;
  return path.join(testLogDir, `${label}-${process.pid}-${testLogFiles}.log`);
}

const testLoggers = new Map<string, Logger>();

/**
 * A logger with the service's options (server/logging.ts) for the parts a test builds itself, one
 * per label in each test process: into the run's log directory (each line written as it comes),
 * or silent.
 */
export function testLogger(label: string): Logger {
  let logger = testLoggers.get(label);
  if (!logger) {
    const file = testLogFile(label);
    logger = file ? createLogger(TEST_LOG_LEVEL, file) : createLogger('silent');
    testLoggers.set(label, logger);
  }
  return logger;
}

/**
 * Starts a whole local stack on a free port with a fresh PGlite data directory (or the given
 * one, kept afterwards), or on a throwaway database of a real PostgreSQL server: the one
 * postgresServerUrl names, or TEST_DATABASE_URL's for the target 'postgres' (databaseTargets()).
 */
export async function startTestStack(
  options: {
    seed?: boolean;
    target?: DatabaseTarget;
    postgresServerUrl?: string;
    dataDir?: string;
    env?: NodeJS.ProcessEnv;
    /** Names the stack's log file in the run's log directory. */
    logLabel?: string;
  } = {},
): Promise<TestStack> {
  // A database of its own starts from the migrated template, unless the test sets what decides
  // the seeding or the database itself (then the stack prepares it, as `npm start` would).
  const decidesDatabase = ['SEED_DEMO_DATA', 'NODE_ENV', 'DATABASE_URL', 'DATA_DIR'].some(
    (name) => options.env !== undefined && name in options.env,
  );
  if (options.target === 'postgres' && !testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const postgresServerUrl = options.postgresServerUrl ?? (options.target === 'postgres' ? testDatabaseUrl : undefined);
  const scratch = postgresServerUrl
    ? await createScratchDatabase(
        postgresServerUrl,
        decidesDatabase ? {} : { migrated: { seed: options.seed ?? true } },
      )
    : undefined;
  const ownDataDir = !scratch && !options.dataDir;
  const dataDir = scratch ? undefined : (options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ngiti-test-'))));
  if (ownDataDir && dataDir && !decidesDatabase) await prepareDataDir(dataDir, options.seed ?? true);
  const logFile = testLogFile(options.logLabel ?? 'stack');
  const stack = await startStack({
    PORT: '0',
    HOST: '127.0.0.1',
    ...(logFile ? { LOG_LEVEL: TEST_LOG_LEVEL, LOG_FILE: logFile } : { LOG_LEVEL: 'silent' }),
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
    async signedIn(email, password = DEMO_PASSWORD, options = {}) {
      const client = createClient(stack.url, stack.config.anonKey, {
        ...clientOptions,
        ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
      });
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
      return client;
    },
    async stop() {
      await stack.close();
      await closeLogger(stack.logger);
      if (ownDataDir && dataDir) await rm(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}
