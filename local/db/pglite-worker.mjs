// PGlite in a worker thread (local/db/pglite-thread.ts is the other side). Plain JavaScript on
// purpose: the worker file is loaded by path at run time, also from the esbuild bundle of
// `npm start`, where Node 20 could not load a TypeScript file.
//
// workerData: the data directory, the template tarball it starts from (when new), and PGlite's
// compiled WASM module (local/db/pglite-wasm.ts), so a new or reopened thread compiles nothing. It
// opens as every PGlite of the stack does (local/db/pglite-options.mjs).
// Messages in: { id, op, ... } with op one of query, exec, begin, end, listen, unlisten, dump,
// close. Messages out: { type: 'ready' } once, { type: 'reply', id, result } or
// { type: 'reply', id, error }, and { type: 'notify', channel, payload } for LISTEN.
// The main thread sends one statement at a time (it queues the rest), so a statement that runs
// too long is ended by terminating this thread; nothing else is lost with it.
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './pglite-options.mjs';

/** Postgres' fields of an error (code, detail, …), never the statement or its bound values. */
function serializeError(error) {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) };
  const out = { name: error.name ?? 'Error', message: error.message ?? String(error) };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    out[key] = value;
  }
  return out;
}

/** The size of PGlite's WASM memory (it grows with the biggest statement and never shrinks). */
const heapBytes = () => db.Module?.wasmMemory?.buffer?.byteLength ?? db.Module?.HEAPU8?.length ?? 0;
const post = (message, transfer) => parentPort.postMessage({ ...message, heapBytes: heapBytes() }, transfer);

const { dataDir, template, wasmModule } = workerData;
const db = await createPglite({ dataDir, wasmModule, template: template ? new Blob([template]) : undefined });

/** The open transaction: its tx object and how to end it (one at a time, the main thread sees to it). */
let open = null;
/** Thrown into a transaction to roll it back. */
const ROLLBACK = new Error('rollback');
const listeners = new Map();

async function handle(message) {
  // A statement meant for a transaction never runs outside one (its 'begin' may have failed).
  if (message.tx && !open) throw new Error('the transaction is not open');
  const target = open ? open.tx : db;
  switch (message.op) {
    case 'query': {
      const result = await target.query(message.sql, message.params ?? []);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    }
    case 'exec':
      await target.exec(message.sql);
      return null;
    case 'begin': {
      if (open) throw new Error('a transaction is already open');
      return new Promise((resolve, reject) => {
        const transaction = { tx: undefined, finish: undefined, done: undefined };
        const finished = new Promise((commit, rollback) => (transaction.finish = { commit, rollback }));
        finished.catch(() => undefined);
        transaction.done = db.transaction(async (tx) => {
          transaction.tx = tx;
          open = transaction;
          resolve(null);
          await finished;
        });
        // Failing to begin goes to 'begin' (a no-op once it answered); failing to commit to 'end'.
        transaction.done.then(
          () => (open = null),
          (error) => {
            open = null;
            reject(error);
          },
        );
      });
    }
    case 'end': {
      if (!open) throw new Error('no transaction is open');
      const { done, finish } = open;
      if (message.commit) finish.commit();
      else finish.rollback(ROLLBACK);
      try {
        await done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case 'listen': {
      if (!listeners.has(message.channel)) {
        const stop = await db.listen(message.channel, (payload) =>
          post({ type: 'notify', channel: message.channel, payload }),
        );
        listeners.set(message.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      const stop = listeners.get(message.channel);
      listeners.delete(message.channel);
      await stop?.();
      return null;
    }
    case 'dump': {
      const blob = await db.dumpDataDir('none');
      return await blob.arrayBuffer();
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

// In the order they came: the main thread sends a transaction's begin and first statements
// without waiting for each answer.
let turn = Promise.resolve();
parentPort.on('message', (message) => {
  turn = turn.then(() =>
    handle(message).then(
      (result) => post({ type: 'reply', id: message.id, result }, result instanceof ArrayBuffer ? [result] : []),
      (error) => post({ type: 'reply', id: message.id, error: serializeError(error) }),
    ),
  );
});
post({ type: 'ready' });
