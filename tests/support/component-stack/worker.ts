/**
 * A component test file's data layer in a worker thread of its own (started by
 * src/testing/real-db/stack.ts from the bundle the spa project's global setup builds): the
 * gateway and PGlite run beside the jsdom thread, outside its globals, and the test thread reaches
 * the database through messages (SQL as the database owner: reset, seeds, reading what was stored).
 *
 * In: { id, op: 'query', sql, params } | { id, op: 'exec', sql } | { id, op: 'close' }.
 * Out: { type: 'ready', url, anonKey, serviceRoleKey } once, then { type: 'reply', id, result | error }.
 */
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { startComponentStack } from './stack.ts';

interface Request {
  id: number;
  op: 'query' | 'exec' | 'close';
  sql?: string;
  params?: unknown[];
}

/** Postgres' fields of an error (code, detail, hint, …), which a structured clone would drop. */
function serializeError(error: unknown) {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields: Record<string, unknown> = { message: (error as Error).message };
  for (const [key, value] of Object.entries(error)) {
    if (['query', 'params', 'queryOptions'].includes(key)) continue;
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

const port = parentPort!;
const { templateFile } = workerData as { templateFile: string };
const stack = await startComponentStack(new Blob([await readFile(templateFile)]));

port.on('message', async (request: Request) => {
  try {
    let result: unknown = null;
    if (request.op === 'query') result = await stack.db.query(request.sql!, request.params ?? []);
    else if (request.op === 'exec') await stack.db.exec(request.sql!);
    else await stack.close();
    port.postMessage({ type: 'reply', id: request.id, result });
    if (request.op === 'close') port.close();
  } catch (error) {
    port.postMessage({ type: 'reply', id: request.id, error: serializeError(error) });
  }
});
port.postMessage({ type: 'ready', url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey });
