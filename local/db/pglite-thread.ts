import { Worker } from 'node:worker_threads';
import type { PgliteDatabase, Queryable, QueryResult, TransactionOptions } from './database.ts';
import { pgliteWasmModule } from './pglite-wasm.ts';

/**
 * The worker's code: plain JavaScript next to this file, so that it loads the same way under tsx,
 * vitest and the esbuild bundle of `npm start` (which gives this module its source file's URL).
 */
const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * WASM memory never shrinks: once a statement has grown PGlite's heap past this (plus the size it
 * had when it opened), the worker is closed and reopened on the same data directory when idle, so
 * the process returns to its idle size.
 */
const HEAP_GROWTH_TO_RECYCLE = 192 * 1024 * 1024;

interface WorkerError {
  name: string;
  message: string;
  [field: string]: unknown;
}

type WorkerMessage =
  | { type: 'ready'; heapBytes: number }
  | { type: 'reply'; id: number; result?: unknown; error?: WorkerError; heapBytes: number }
  | { type: 'notify'; channel: string; payload: string };

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer?: NodeJS.Timeout;
}

/** What Postgres answers when statement_timeout ends a statement (PostgREST: 500, code 57014). */
export function statementTimeoutError(timeoutMs: number): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
    severity: 'ERROR',
    detail: `The statement ran longer than ${timeoutMs} ms.`,
  });
}

/** The database restarted under a statement (its worker was ended): what Postgres says of a terminated backend. */
function connectionLostError(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });
}

function toError(error: WorkerError): Error {
  const { name, message, ...fields } = error;
  const made = name === 'RangeError' ? new RangeError(message) : new Error(message);
  if (name && name !== 'Error' && name !== 'RangeError') made.name = name;
  return Object.assign(made, fields);
}

/** A FIFO lock: one statement or transaction in the worker at a time, the rest wait their turn here. */
class Turns {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  take(): Promise<() => void> {
    this.waiting += 1;
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    return previous.then(() => {
      this.waiting -= 1;
      return release;
    });
  }
  get idle() {
    return this.waiting === 0;
  }
}

interface Running {
  worker: Worker;
  generation: number;
  ready: Promise<void>;
  pending: Map<number, Pending>;
  /** WASM heap size when it opened, and now. */
  baseHeapBytes: number;
  heapBytes: number;
  exited: boolean;
}

/**
 * PGlite in a worker thread, persisted in `dataDir`: the HTTP server's event loop stays free while
 * a statement runs. PGlite's WASM build has no signals, so Postgres' statement_timeout never fires
 * in it (tried: `set statement_timeout = 500` and a 20 s statement ran to its end); a transaction's
 * `statementTimeoutMs` is enforced here instead, by terminating the worker and reopening the same
 * data directory (Postgres' crash recovery, as after a killed backend: the transaction is rolled
 * back, committed data stays). Statements queue here, one in the worker at a time, so a terminated
 * worker takes only the statement that ran too long with it.
 */
export async function openPgliteThread(
  dataDir: string,
  options: { template?: Blob; onRestart?: (reason: string) => void } = {},
): Promise<PgliteDatabase> {
  const turns = new Turns();
  const channels = new Map<string, Set<{ onNotify: (payload: string) => void; onReconnect?: () => void }>>();
  let nextId = 1;
  let generation = 0;
  let closed = false;
  let current: Running;

  const wasmModule = await pgliteWasmModule();

  function spawn(template?: ArrayBuffer): Running {
    const worker = new Worker(WORKER_URL, {
      workerData: { dataDir, template, wasmModule },
    });
    const running: Running = {
      worker,
      generation: ++generation,
      ready: undefined as unknown as Promise<void>,
      pending: new Map(),
      baseHeapBytes: 0,
      heapBytes: 0,
      exited: false,
    };
    running.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          running.baseHeapBytes = running.heapBytes = message.heapBytes;
          resolve();
        } else if (message.type === 'reply') {
          running.heapBytes = message.heapBytes;
          const entry = running.pending.get(message.id);
          if (!entry) return;
          running.pending.delete(message.id);
          clearTimeout(entry.timer);
          if (message.error) entry.reject(toError(message.error));
          else entry.resolve(message.result);
        } else {
          for (const listener of channels.get(message.channel) ?? []) listener.onNotify(message.payload);
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        running.exited = true;
        reject(new Error(`the database worker stopped (exit code ${code}) before it opened`));
        for (const entry of running.pending.values()) {
          clearTimeout(entry.timer);
          entry.reject(connectionLostError());
        }
        running.pending.clear();
        // A worker that died on its own (WASM out of memory, say) is replaced; a closed one is not.
        if (!closed && current === running) restartInBackground(`the database worker stopped (exit code ${code})`);
      });
    });
    running.ready.catch(() => undefined);
    return running;
  }

  /**
   * Ends the current worker (now, or after closing PGlite when `graceful`) and opens the data
   * directory again in a new one, listening on the same channels before any statement runs there.
   */
  async function restart(reason: string, graceful = false) {
    const old = current;
    let reopened!: () => void;
    // Until the new worker is open, statements wait on this stand-in's `ready`.
    current = { ...old, generation: ++generation, ready: new Promise<void>((resolve) => (reopened = resolve)) };
    options.onRestart?.(reason);
    let fresh: Running | undefined;
    try {
      if (graceful) await send(old, { op: 'close' }).catch(() => undefined);
      await old.worker.terminate();
      if (closed) return;
      fresh = spawn();
      await fresh.ready;
      for (const channel of channels.keys()) await send(fresh, { op: 'listen', channel });
    } finally {
      if (fresh) current = fresh;
      reopened();
    }
    for (const listeners of channels.values()) for (const listener of listeners) listener.onReconnect?.();
  }

  /** A restart nobody waits for: its failure (the data directory cannot be opened) is reported. */
  function restartInBackground(reason: string, graceful = false) {
    restart(reason, graceful).catch((error: unknown) =>
      options.onRestart?.(`reopening the database failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  function send(running: Running, message: Record<string, unknown>, timeoutMs?: number): Promise<unknown> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (running.exited) {
        reject(connectionLostError());
        return;
      }
      const entry: Pending = { resolve, reject };
      if (timeoutMs !== undefined && timeoutMs > 0) {
        entry.timer = setTimeout(() => {
          running.pending.delete(id);
          reject(statementTimeoutError(timeoutMs));
          if (current === running) restartInBackground('a statement ran past its statement timeout');
        }, timeoutMs);
      }
      running.pending.set(id, entry);
      running.worker.postMessage({ id, ...message });
    });
  }

  /** The worker to use now, once it is open (after a restart, the new one). */
  async function worker(): Promise<Running> {
    for (;;) {
      const running = current;
      await running.ready;
      if (current !== running) continue;
      if (!running.exited || closed) return running;
      restartInBackground('the database worker had stopped');
    }
  }

  /** After a turn: a heap grown by a heavy statement is given back by reopening the worker. */
  function afterTurn() {
    const running = current;
    if (closed || !turns.idle || running.heapBytes - running.baseHeapBytes < HEAP_GROWTH_TO_RECYCLE) return;
    void turns.take().then(async (release) => {
      try {
        if (!closed && current === running) await restart('give back the memory of a heavy statement', true);
      } catch (error) {
        options.onRestart?.(`reopening the database failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        release();
      }
    });
  }

  /** Runs `work` in its turn; `work` may end its turn before it finishes (`endTurn`). */
  async function inTurn<T>(work: (endTurn: () => void) => Promise<T>): Promise<T> {
    if (closed) throw connectionLostError();
    const release = await turns.take();
    let ended = false;
    const endTurn = () => {
      if (ended) return;
      ended = true;
      release();
      afterTurn();
    };
    try {
      return await work(endTurn);
    } finally {
      endTurn();
    }
  }

  const asResult = <Row>(result: unknown) => result as QueryResult<Row>;

  current = spawn(options.template ? await options.template.arrayBuffer() : undefined);
  try {
    await current.ready;
  } catch (error) {
    closed = true;
    await current.worker.terminate();
    throw error;
  }

  const database: PgliteDatabase = {
    kind: 'pglite',
    query: <Row>(sql: string, params: unknown[] = []) =>
      inTurn(async () => asResult<Row>(await send(await worker(), { op: 'query', sql, params }))),
    exec: (sql: string) => inTurn(async () => void (await send(await worker(), { op: 'exec', sql }))),
    transaction<T>(work: (tx: Queryable) => Promise<T>, transactionOptions: TransactionOptions = {}) {
      const timeoutMs = transactionOptions.statementTimeoutMs;
      return inTurn(async (endTurn) => {
        const running = await worker();
        // Not waited for: the first statements go along with it (one round trip instead of
        // several); the worker runs them in order and refuses them if the transaction did not open.
        const begun = send(running, { op: 'begin' });
        begun.catch(() => undefined);
        // After a restart the transaction is gone: its later statements must not run outside it.
        const alive = () => {
          if (current !== running) throw connectionLostError();
          return running;
        };
        const inTransaction = async (message: Record<string, unknown>) => {
          const reply = send(alive(), { ...message, tx: true }, timeoutMs);
          reply.catch(() => undefined);
          await begun;
          return reply;
        };
        const tx: Queryable = {
          query: async <Row>(sql: string, params: unknown[] = []) =>
            asResult<Row>(await inTransaction({ op: 'query', sql, params })),
          exec: async (sql: string) => void (await inTransaction({ op: 'exec', sql })),
        };
        let result: T;
        try {
          result = await work(tx);
        } catch (error) {
          // A transaction that never opened has nothing to end.
          const opened = await begun.then(
            () => true,
            () => false,
          );
          if (opened && current === running) await send(running, { op: 'end', commit: false }).catch(() => undefined);
          throw error;
        }
        const committed = send(alive(), { op: 'end', commit: true });
        committed.catch(() => undefined);
        // The worker runs messages in order, so the next turn's statements may already be sent:
        // they run after this commit.
        endTurn();
        await committed;
        return result;
      });
    },
    async listen(channel, onNotify, onReconnect) {
      const listener = { onNotify, onReconnect };
      let listeners = channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        channels.set(channel, listeners);
        await inTurn(async () => void (await send(await worker(), { op: 'listen', channel })));
      }
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        if (listeners.size > 0 || channels.get(channel) !== listeners || closed) return;
        channels.delete(channel);
        await inTurn(async () => void (await send(await worker(), { op: 'unlisten', channel })));
      };
    },
    dumpDataDir: () => inTurn(async () => new Blob([(await send(await worker(), { op: 'dump' })) as ArrayBuffer])),
    async close() {
      if (closed) return;
      const release = await turns.take();
      closed = true;
      try {
        const running = await worker().catch(() => current);
        await send(running, { op: 'close' }).catch(() => undefined);
        await running.worker.terminate();
      } finally {
        release();
      }
    },
  };
  return database;
}
