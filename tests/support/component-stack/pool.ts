/**
 * The component stacks of a run, leased by test files (src/testing/real-db/stack.ts). Starting a
 * stack (PGlite loading the 44 MB template, then the gateway) costs 4–5 CPU seconds; a file uses it
 * for a few seconds. So the spa project's global setup keeps at most one stack per vitest worker,
 * each in a worker thread of the vitest process (./worker.ts), started when a file first asks for
 * one and none is free: a run without real-database files starts none.
 *
 * A file leases a stack with POST /lease on the pool's server; the answer's first line (JSON) names
 * the stack, and the answer stays open for as long as the lease lasts. The lease ends when that
 * connection closes: the file closes it when it is done, and a file's thread that dies closes it
 * too, so a crashed file never keeps a stack. The stack is then renewed (./stack.ts) before the
 * next file gets it; a file waits while every stack is leased.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';

/** What a leasing file learns: the gateway's address and keys, and where to send its SQL. */
export interface StackLease {
  url: string;
  controlUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** A started stack, as the pool drives it. */
export interface PooledStack {
  lease: StackLease;
  /** Makes it as new for the next file (./stack.ts). */
  renew(): Promise<void>;
  /** Stops it for good. */
  stop(): Promise<void>;
  /** Called once when it stops, asked to or not. */
  onStop(listener: () => void): void;
}

type Reply = { type: 'reply'; id: number; error?: Record<string, unknown> };
type Ready = { type: 'ready' } & StackLease;

/** A stack in a worker thread of this process, from the bundle of ./worker.ts. */
export function startWorkerStack(templateFile: string, workerFile: string): Promise<PooledStack> {
  const worker = new Worker(workerFile, { workerData: { templateFile } });
  const pending = new Map<number, { resolve(): void; reject(error: unknown): void }>();
  let nextId = 1;
  let exited: Error | undefined;
  const call = (op: 'renew' | 'close') =>
    new Promise<void>((resolve, reject) => {
      if (exited) return reject(exited);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op });
    });
  return new Promise<PooledStack>((resolve, reject) => {
    worker.on('message', (message: Ready | Reply) => {
      if (message.type === 'ready') {
        const { type: _type, ...lease } = message;
        resolve({
          lease,
          renew: () => call('renew'),
          async stop() {
            await call('close').catch(() => undefined);
            await worker.terminate();
          },
          onStop: (listener) => void worker.once('exit', listener),
        });
        return;
      }
      const entry = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) entry?.reject(Object.assign(new Error(String(message.error.message)), message.error));
      else entry?.resolve();
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      const stopped = new Error(`a component stack's worker stopped (exit code ${code})`);
      exited = stopped;
      reject(stopped);
      for (const entry of pending.values()) entry.reject(stopped);
      pending.clear();
    });
  });
}

export interface StackPool {
  /** Where files lease a stack (POST /lease). */
  url: string;
  /** Stops the server and every stack. */
  close(): Promise<void>;
}

export async function startStackPool(options: {
  /** How many stacks at most: one per vitest worker. */
  size: number;
  start: () => Promise<PooledStack>;
}): Promise<StackPool> {
  const started: Promise<PooledStack>[] = [];
  /** Stacks starting or running, leased or not. */
  let count = 0;
  const free: PooledStack[] = [];
  const waiting: { resolve(stack: PooledStack): void; reject(error: unknown): void }[] = [];
  let closing = false;

  function start(): Promise<PooledStack> {
    count += 1;
    const starting = options.start();
    started.push(starting);
    let counted = true;
    // A stack that failed to start, or that stopped, makes room for another.
    const drop = () => {
      if (!counted) return;
      counted = false;
      count -= 1;
      const next = closing ? undefined : waiting.shift();
      if (next) start().then(next.resolve, next.reject);
    };
    starting.then((stack) => stack.onStop(drop), drop);
    return starting;
  }

  /** A free stack, a new one while there are fewer than `size`, or the next one to be freed. */
  function take(): Promise<PooledStack> {
    const stack = free.pop();
    if (stack) return Promise.resolve(stack);
    if (count < options.size) return start();
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  /** Ends a lease: the stack is renewed, then goes to the next file; one that broke is stopped. */
  async function release(stack: PooledStack) {
    if (closing) return;
    try {
      await stack.renew();
    } catch {
      // Its stop makes room for a new one.
      await stack.stop();
      return;
    }
    const next = waiting.shift();
    if (next) next.resolve(stack);
    else free.push(stack);
  }

  async function lease(res: ServerResponse) {
    let gone = false;
    res.once('close', () => (gone = true));
    let stack: PooledStack;
    try {
      stack = await take();
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).stack ?? error));
      return;
    }
    if (gone) {
      // The file went away while it waited.
      void release(stack);
      return;
    }
    res.once('close', () => void release(stack));
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.write(`${JSON.stringify(stack.lease)}\n`);
  }

  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/lease') void lease(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      closing = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const stacks = await Promise.allSettled(started);
      await Promise.all(stacks.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined)));
    },
  };
}
