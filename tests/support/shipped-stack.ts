/**
 * The local stack as users run it: `npm start`'s own command (package.json `scripts.start`, run
 * with this Node) in a child process, from the cached server bundle on plain Node, so a test sees
 * what ships (a file the bundle cannot load at run time fails here as it fails for a user). The
 * data directory starts from the migrated template, as a second `npm start` would find it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { loadConfig } from '../../local/config.ts';
import { repoRoot } from '../../local/db/migrate.ts';
import { DEMO_PASSWORD } from '../../local/stack.ts';
import { prepareDataDir } from './pglite-template.ts';
import { testLogFile } from './stack.ts';

export interface ShippedStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** What the process printed so far (stdout and stderr), for a failing test's message. */
  output(): string;
  anonClient(): SupabaseClient;
  serviceClient(): SupabaseClient;
  signedIn(email: string, password?: string): Promise<SupabaseClient>;
  /** SIGTERM, as a deploy stops it; resolves with the exit code once the process is gone. */
  stop(): Promise<number | null>;
  /**
   * Stops the process (SIGTERM as a deploy does, SIGKILL as a crash does) and starts `npm start`
   * again on the same port and data directory; resolves once it serves again. `whileDown` runs
   * between the two, with nothing listening.
   */
  restart(signal: 'SIGTERM' | 'SIGKILL', whileDown?: () => Promise<void>): Promise<void>;
}

/** `npm start`'s command from package.json, e.g. ['scripts/start.mjs'] for `node scripts/start.mjs`. */
export function startCommandArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [program, ...args] = manifest.scripts.start.trim().split(/\s+/);
  if (program !== 'node') throw new Error(`npm start runs "${manifest.scripts.start}", not a node script`);
  return args;
}

/** What a shell that types `npm start` passes on: no test runner's variables (NODE_ENV=test, VITEST_*). */
function userEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR', 'CHROMIUM_PATH'];
  return Object.fromEntries(keep.filter((name) => process.env[name] !== undefined).map((n) => [n, process.env[n]]));
}

const READY = /Ngiti is running at (\S+)/;
/** The last line of the start-up text: once it is whole, the process serves. */
const ANON_KEY = /API keys: anon (\S+)\n/;

/**
 * Starts `npm start` on a free port with a data directory of its own (deleted on stop). `env` is
 * the operator's environment (NODE_ENV, secrets, SEED_DEMO_DATA, …).
 */
export async function startShippedStack(
  options: { env?: NodeJS.ProcessEnv; seed?: boolean; logLabel?: string; readyTimeoutMs?: number } = {},
): Promise<ShippedStack> {
  const env = options.env ?? {};
  // The operator's environment read as the stack reads it: its seeding default and its API keys.
  const config = loadConfig(env);
  const seed = options.seed ?? config.seedDemoData;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-shipped-'));
  // A production start decides its own seeding on an empty database: it gets none from the template.
  if (env.NODE_ENV !== 'production') await prepareDataDir(dataDir, seed);
  const logFile = testLogFile(options.logLabel ?? 'shipped');
  const launch = (port: string) => {
    const child = spawn(process.execPath, startCommandArgs(), {
      cwd: repoRoot,
      env: {
        ...userEnvironment(),
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: String(seed),
        ...(logFile ? { LOG_LEVEL: 'debug', LOG_FILE: logFile } : { LOG_LEVEL: 'silent' }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // A test process that ends without stop() (a crash, an unhandled rejection) takes the stack
    // with it: one left running kept using CPU and memory through the runs after it.
    const killWithThisProcess = () => {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    };
    process.once('exit', killWithThisProcess);
    child.once('exit', () => process.off('exit', killWithThisProcess));
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, exited };
  };
  let printed = '';
  let running = launch('0');

  let url: string;
  try {
    url = await untilReady(running.child, () => printed, running.exited, options.readyTimeoutMs ?? 120_000);
  } catch (error) {
    await stopProcess(running.child, running.exited);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const anonKey = ANON_KEY.exec(printed)?.[1] ?? '';
  if (anonKey !== config.anonKey) {
    await stopProcess(running.child, running.exited);
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`npm start printed an anon key other than its secret's:\n${printed}`);
  }
  const clientOptions = {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  };
  return {
    url,
    anonKey,
    serviceRoleKey: config.serviceRoleKey,
    output: () => printed,
    anonClient: () => createClient(url, anonKey, clientOptions),
    serviceClient: () => createClient(url, config.serviceRoleKey, clientOptions),
    async signedIn(email, password = DEMO_PASSWORD) {
      const client = createClient(url, anonKey, clientOptions);
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
      return client;
    },
    async stop() {
      const code = await stopProcess(running.child, running.exited);
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    async restart(signal, whileDown) {
      await stopProcess(running.child, running.exited, signal);
      try {
        await whileDown?.();
      } finally {
        printed = '';
        running = launch(new URL(url).port);
        await untilReady(running.child, () => printed, running.exited, options.readyTimeoutMs ?? 120_000);
      }
    },
  };
}

/** The URL `npm start` prints once it serves; rejects with its output when it exits or hangs first. */
function untilReady(
  child: ChildProcess,
  printed: () => string,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const url = READY.exec(printed())?.[1];
      if (!url || !ANON_KEY.test(printed())) return;
      cleanup();
      resolve(url);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`npm start was not ready within ${timeoutMs} ms:\n${printed()}`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      cleanup();
      reject(new Error(`npm start exited with code ${code} before serving:\n${printed()}`));
    });
    check();
  });
}

async function stopProcess(
  child: ChildProcess,
  exited: Promise<number | null>,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill(signal);
  const killLater = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    return await exited;
  } finally {
    clearTimeout(killLater);
  }
}
