import { Worker } from 'node:worker_threads';
import { inject } from 'vitest';
import type { RuntimeConfig } from '@/lib/config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made by the spa project's global setup (tests/support/component-stack/global-setup.ts). */
    componentStack: { templateFile: string; workerFile: string };
  }
}

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/** A test file's data layer, running in a worker thread (tests/support/component-stack/worker.ts). */
export interface RealStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** SQL as the database owner: row-level security does not apply. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** A script of several statements, without parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

type Reply = { type: 'reply'; id: number; result?: unknown; error?: Record<string, unknown> };
type Ready = { type: 'ready'; url: string; anonKey: string; serviceRoleKey: string };

export async function startRealStack(): Promise<RealStack> {
  const { templateFile, workerFile } = inject('componentStack');
  const worker = new Worker(workerFile, { workerData: { templateFile } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  let nextId = 1;
  const ready = new Promise<Ready>((resolve, reject) => {
    worker.on('message', (message: Ready | Reply) => {
      if (message.type === 'ready') return resolve(message);
      const entry = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) entry?.reject(Object.assign(new Error(String(message.error.message)), message.error));
      else entry?.resolve(message.result);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      const stopped = new Error(`the component stack's worker stopped (exit code ${code})`);
      reject(stopped);
      for (const entry of pending.values()) entry.reject(stopped);
      pending.clear();
    });
  });
  const { url, anonKey, serviceRoleKey } = await ready;
  const send = (message: { op: string; sql?: string; params?: unknown[] }) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  return {
    url,
    anonKey,
    serviceRoleKey,
    query: (sql, params = []) => send({ op: 'query', sql, params }) as Promise<QueryResult<never>>,
    exec: async (sql) => void (await send({ op: 'exec', sql })),
    async close() {
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

let current: RealStack | undefined;

export function setCurrentStack(stack: RealStack | undefined) {
  current = stack;
}

/** The running stack of this test file (setupRealDatabase() starts it before the file's own hooks). */
export function realStack(): RealStack {
  if (!current) throw new Error('No real database: call setupRealDatabase() at the top of the test file');
  return current;
}

/** The runtime config that points the app at this file's stack: `initSupabase(stackConfig())`. */
export function stackConfig(): RuntimeConfig {
  const stack = realStack();
  return { supabaseUrl: stack.url, anonKey: stack.anonKey, apiUrl: 'http://service.test' };
}
