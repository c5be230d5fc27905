/**
 * One stack of the pool (./pool.ts) in a worker thread of the vitest process, started from the
 * bundle the spa project's global setup builds: the gateway and PGlite, and a control server
 * through which the test file that leases the stack reaches the database as its owner (reset,
 * seeds, reading what was stored).
 *
 * Control (from the test file, src/testing/real-db/stack.ts): POST /query { sql, params },
 * /exec { sql }, /reset, each body and answer in V8's serialization (what postMessage would
 * carry: dates, bigints and bytes stay what they are); the answer is { result } or { error }.
 * From the pool: { id, op: 'renew' | 'close' }. To the pool: { type: 'ready', url, controlUrl,
 * anonKey, serviceRoleKey } once, then { type: 'reply', id, error? }.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deserialize, serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { startComponentStack } from './stack.ts';

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

async function body(req: IncomingMessage): Promise<{ sql?: string; params?: unknown[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length > 0 ? (deserialize(Buffer.concat(chunks)) as { sql?: string; params?: unknown[] }) : {};
}

const port = parentPort!;
const { templateFile } = workerData as { templateFile: string };
const stack = await startComponentStack(new Blob([await readFile(templateFile)]));

const control = createServer(async (req, res) => {
  let answer: { result?: unknown; error?: Record<string, unknown> };
  try {
    const { sql, params } = await body(req);
    if (req.url === '/query') answer = { result: await stack.db.query(sql!, params ?? []) };
    else if (req.url === '/exec') answer = { result: await stack.db.exec(sql!) };
    else if (req.url === '/reset') answer = { result: await stack.reset() };
    else answer = { error: { message: `no control route ${req.url}` } };
  } catch (error) {
    answer = { error: serializeError(error) };
  }
  res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(serialize(answer));
});
// The test file's client keeps its connection for the file's life: never closed from this side
// (a close as the client reuses the connection would fail that request).
control.keepAliveTimeout = 0;
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

port.on('message', async (request: { id: number; op: 'renew' | 'close' }) => {
  try {
    if (request.op === 'renew') await stack.renew();
    else {
      control.closeAllConnections();
      control.close();
      await stack.close();
    }
    port.postMessage({ type: 'reply', id: request.id });
    if (request.op === 'close') port.close();
  } catch (error) {
    port.postMessage({ type: 'reply', id: request.id, error: serializeError(error) });
  }
});
port.postMessage({
  type: 'ready',
  url: stack.url,
  controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
  anonKey: stack.anonKey,
  serviceRoleKey: stack.serviceRoleKey,
});
