import { Agent, request, type IncomingMessage } from 'node:http';
import { deserialize, serialize } from 'node:v8';
import { inject } from 'vitest';
import type { RuntimeConfig } from '@/lib/config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made by the spa project's global setup (tests/support/component-stack/global-setup.ts). */
    componentStack: { poolUrl: string };
  }
}

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/**
 * A test file's data layer: one of the run's stacks (tests/support/component-stack/pool.ts), the
 * gateway and PGlite in a worker thread of the vitest process, leased by this file alone.
 */
export interface RealStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** SQL as the database owner: row-level security does not apply. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** A script of several statements, without parameters. */
  exec(sql: string): Promise<void>;
  /** Every table emptied and every sequence back at 1, but for the rows the migrations wrote. */
  reset(): Promise<void>;
  /** Ends the lease: the stack is made as new for the next file. */
  close(): Promise<void>;
}

interface Lease {
  url: string;
  controlUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

// node:http, not fetch: MSW intercepts `fetch` in jsdom files, and the harness's own calls must
// never meet a test's handlers.

/** Asks the pool for a stack; the answer's first line names it, and the open answer is the lease. */
function lease(poolUrl: string): Promise<{ lease: Lease; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const asking = request(`${poolUrl}/lease`, { method: 'POST', agent: false }, (response) => {
      if (response.statusCode !== 200) {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => reject(new Error(`no component stack: ${text}`)));
        return;
      }
      let line = '';
      response.setEncoding('utf8');
      const onData = (chunk: string) => {
        line += chunk;
        const end = line.indexOf('\n');
        if (end < 0) return;
        // Read on (nothing more comes) so the open answer never stalls.
        response.off('data', onData);
        response.resume();
        resolve({ lease: JSON.parse(line.slice(0, end)) as Lease, response });
      };
      response.on('data', onData);
      response.on('error', reject);
      response.on('close', () => reject(new Error('the component stack pool closed the lease')));
    });
    asking.on('error', reject);
    asking.end();
  });
}

type Answer = { result?: unknown; error?: Record<string, unknown> };

/** One call to the stack's control server (tests/support/component-stack/worker.ts). */
function call(controlUrl: string, agent: Agent, route: string, payload: object = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = serialize(payload);
    const asking = request(
      `${controlUrl}${route}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/octet-stream', 'content-length': body.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const { result, error } = deserialize(Buffer.concat(chunks)) as Answer;
          if (error) reject(Object.assign(new Error(String(error.message)), error));
          else resolve(result);
        });
      },
    );
    asking.on('error', reject);
    asking.end(body);
  });
}

/** Leases one of the run's stacks for this file (waits while every one is leased). */
export async function leaseRealStack(): Promise<RealStack> {
  const { poolUrl } = inject('componentStack');
  const { lease: stack, response } = await lease(poolUrl);
  // One connection kept for the file's SQL.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    query: (sql, params = []) =>
      call(stack.controlUrl, agent, '/query', { sql, params }) as Promise<QueryResult<never>>,
    exec: async (sql) => void (await call(stack.controlUrl, agent, '/exec', { sql })),
    reset: async () => void (await call(stack.controlUrl, agent, '/reset')),
    async close() {
      agent.destroy();
      response.destroy();
    },
  };
}

let current: RealStack | undefined;

export function setCurrentStack(stack: RealStack | undefined) {
  current = stack;
}

/** The stack this test file leased (setupRealDatabase() leases it before the file's own hooks). */
export function realStack(): RealStack {
  if (!current) throw new Error('No real database: call setupRealDatabase() at the top of the test file');
  return current;
}

/** The runtime config that points the app at this file's stack: `initSupabase(stackConfig())`. */
export function stackConfig(): RuntimeConfig {
  const stack = realStack();
  return { supabaseUrl: stack.url, anonKey: stack.anonKey, apiUrl: 'http://service.test' };
}
