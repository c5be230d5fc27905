/**
 * One PostgREST request against the in-memory database: reads (GET/HEAD), inserts and upserts
 * (POST), updates (PATCH), deletes (DELETE) and function calls (POST/GET /rpc/:fn), answered with
 * PostgREST's statuses, headers (Content-Range) and error bodies. Writes run in a transaction: a
 * refused write, or a singular request (`Accept: application/vnd.pgrst.object+json`) that touched
 * other than one row, changes nothing.
 */
import { HttpResponse } from 'msw';
import { passHold, reportProblem, rpcHandlerFor, takeFailure, type RequestTarget } from '../control';
import { db } from '../db';
import { columnNotFound, notOneRow, pgError, PgError } from '../errors';
import { isTableName, type Row, type TableName } from '../schema';
import { isViewName, viewColumns, viewRows, type ViewName } from '../views';
import { splitTopLevel, unquote, UnsupportedByMock } from './parse';
import { buildPlan, type Plan, ReadContext, selectRows, shape } from './query';
import { evaluateCondition } from './values';

interface Call {
  request: Request;
  method: string;
  url: URL;
  params: URLSearchParams;
  prefer: Map<string, string>;
  singular: boolean;
  stripNulls: boolean;
  body: unknown;
}

/** Answers a request to `/rest/v1/:table` or `/rest/v1/rpc/:fn`. */
export async function handlePostgrest(
  request: Request,
  target: { table: string } | { rpc: string },
): Promise<Response> {
  const method = request.method.toUpperCase();
  const url = new URL(request.url);
  const described: RequestTarget = { method, ...target };
  const text = method === 'GET' || method === 'HEAD' ? '' : await request.text();
  await passHold(described);
  const failure = takeFailure(described);
  if (failure === 'network') return HttpResponse.error();
  if (failure) return errorResponse(failure);
  try {
    const accept = request.headers.get('accept') ?? '';
    if (accept.includes('text/csv') || accept.includes('geo+json') || accept.includes('pgrst.plan'))
      throw new UnsupportedByMock(`Accept: ${accept}`);
    const call: Call = {
      request,
      method,
      url,
      params: url.searchParams,
      prefer: parsePrefer(request.headers.get('prefer')),
      singular: accept.includes('application/vnd.pgrst.object'),
      stripNulls: accept.includes('nulls=stripped'),
      body: parseBody(text),
    };
    if ('rpc' in target) return await callFunction(call, target.rpc);
    if (isViewName(target.table)) return answerView(call, target.table);
    if (!isTableName(target.table)) {
      reportProblem(`${method} ${url.pathname}: no table "${target.table}" in src/testing/mocks/schema.ts`);
      throw pgError('PGRST205', `Could not find the table 'public.${target.table}' in the schema cache`);
    }
    return answerTable(call, target.table);
  } catch (error) {
    if (error instanceof PgError) return errorResponse(error);
    const what = `${method} ${url.pathname}${url.search}`;
    reportProblem(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    return errorResponse(pgError('PGRST000', `PostgREST mock failed on ${what}`, { status: 500 }));
  }
}

function answerTable(call: Call, table: TableName): Response {
  switch (call.method) {
    case 'GET':
    case 'HEAD':
      return read(call, table);
    case 'POST':
      return write(call, table, () => insert(call, table), 201);
    case 'PATCH':
      return write(call, table, () => update(call, table), 200);
    case 'DELETE':
      return write(call, table, () => remove(call, table), 200);
    default:
      throw new UnsupportedByMock(`${call.method} on a table`);
  }
}

// ---- reads ----------------------------------------------------------------------------------

function read(call: Call, table: TableName): Response {
  const plan = buildPlan(table, call.params, new Set(['limit', 'offset']));
  const context = new ReadContext((name) => db.rows(name));
  const rows = selectRows(db.rows(table), plan, context);
  return answerRows(call, plan, rows, context);
}

/** Pages (limit/offset and the Range header), counts and shapes rows, as a GET answer. */
function answerRows(call: Call, plan: Plan, rows: readonly Row[], context: ReadContext): Response {
  const range = parseRange(call.request.headers.get('range'));
  const limitParam = call.params.get('limit');
  const offsetParam = call.params.get('offset');
  const offset = offsetParam !== null ? Number(offsetParam) : (range?.from ?? 0);
  const limits = [
    limitParam === null ? Infinity : Number(limitParam),
    range?.to === undefined ? Infinity : range.to - offset + 1,
  ];
  const limit = Math.max(0, Math.min(...limits));
  if (!Number.isInteger(offset) || offset < 0 || Number.isNaN(limit))
    throw pgError('PGRST100', `"failed to parse limit/offset (${limitParam ?? ''}/${offsetParam ?? ''})"`);
  const page = rows.slice(offset, limit === Infinity ? undefined : offset + limit);
  const counted = call.prefer.get('count') !== undefined;
  const total = rows.length;
  if (counted && offset > total)
    throw pgError('PGRST103', 'Requested range not satisfiable', {
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    });
  const body = page.map((row) => shape(row, plan, context));
  if (call.singular && body.length !== 1) throw notOneRow(body.length);
  const status = counted && page.length < total ? 206 : 200;
  const contentRange = `${page.length ? `${offset}-${offset + page.length - 1}` : '*'}/${counted ? total : '*'}`;
  return json(call, call.singular ? body[0] : body, status, { 'Content-Range': contentRange });
}

/** A read of a view (views.ts): its rows computed now, then filtered, ordered, paged and shaped. */
function answerView(call: Call, view: ViewName): Response {
  if (call.method !== 'GET' && call.method !== 'HEAD') throw pgError('42501', `permission denied for view ${view}`);
  const plan = buildPlan(null, call.params, new Set(['limit', 'offset']));
  const columns = viewColumns(view);
  const check = (column: string) => {
    if (!columns.includes(column)) throw columnNotFound(view, column);
  };
  for (const item of plan.items) if (item.kind === 'column') check(item.column);
  for (const term of plan.order) check(term.column);
  const visit = (condition: Plan['where'][number]): void => {
    if (condition.kind === 'logic') condition.children.forEach(visit);
    else check(condition.column);
  };
  plan.where.forEach(visit);
  const context = new ReadContext((name) => db.rows(name));
  const rows = selectRows(
    viewRows(view, (name) => db.rows(name)),
    plan,
    context,
  );
  return answerRows(call, plan, rows, context);
}

// ---- writes ---------------------------------------------------------------------------------

/** Runs a write in a transaction and answers it: the rows it returns, or nothing (return=minimal). */
function write(call: Call, table: TableName, change: () => Row[], status: number): Response {
  return db.transaction(() => {
    const written = change();
    if (call.singular && written.length !== 1) throw notOneRow(written.length);
    const headers = { 'Content-Range': `*/${call.prefer.get('count') !== undefined ? written.length : '*'}` };
    if (call.prefer.get('return') !== 'representation')
      return new HttpResponse(null, { status: call.method === 'POST' ? 201 : 204, headers });
    const plan = buildPlan(table, call.params);
    const context = new ReadContext((name) => db.rows(name));
    // Rows are shaped as written (a deleted one as it was); embeds see the database after the write.
    const body = written.map((row) => shape(row, plan, context));
    return json(call, call.singular ? body[0] : body, status, headers);
  });
}

function insert(call: Call, table: TableName): Row[] {
  const { body } = call;
  const given = (Array.isArray(body) ? body : [body]) as unknown[];
  if (body === undefined || !given.every(isObject)) throw pgError('PGRST102', 'Empty or invalid json');
  const listed = call.params.get('columns');
  const columns = listed === null ? undefined : splitTopLevel(listed).map(unquote);
  const missingDefault = call.prefer.get('missing') === 'default';
  // With `columns`, only those are read from each object; one an object lacks is null (or its default).
  const rows = (given as Row[]).map((row) => {
    if (!columns) return row;
    const picked: Row = {};
    for (const column of columns)
      if (column in row) picked[column] = row[column];
      else if (!missingDefault) picked[column] = null;
    return picked;
  });
  // Every table's id is `generated always as identity`.
  if (rows.some((row) => row.id !== undefined))
    throw pgError('428C9', 'cannot insert a non-DEFAULT value into column "id"', {
      details: 'Column "id" is an identity column defined as GENERATED ALWAYS.',
      hint: 'Use OVERRIDING SYSTEM VALUE to override.',
    });
  const resolution = call.prefer.get('resolution');
  if (resolution !== 'merge-duplicates' && resolution !== 'ignore-duplicates') return db.insertRows(table, rows);

  const target = (call.params.get('on_conflict') ?? 'id').split(',').map((column) => column.trim());
  const key = db.uniqueKeys(table).find((unique) => sameSet(unique, target));
  if (!key) throw pgError('42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification');
  const written: Row[] = [];
  for (const row of rows) {
    const existing = key.every((column) => row[column] !== undefined && row[column] !== null)
      ? db.rows(table).find((stored) => key.every((column) => stored[column] === row[column]))
      : undefined;
    if (!existing) written.push(...db.insertRows(table, [row]));
    else if (resolution === 'merge-duplicates') {
      const merged = { ...existing, ...row };
      db.replaceRow(table, existing, merged);
      written.push(merged);
    }
  }
  return written;
}

function update(call: Call, table: TableName): Row[] {
  if (!isObject(call.body)) throw pgError('PGRST102', 'Empty or invalid json');
  if (call.body.id !== undefined)
    throw pgError('428C9', 'column "id" can only be updated to DEFAULT', {
      details: 'Column "id" is an identity column defined as GENERATED ALWAYS.',
    });
  const where = filtersOfWrite(call, table, 'UPDATE');
  return db.updateRows(table, (row) => where(row), call.body);
}

function remove(call: Call, table: TableName): Row[] {
  const where = filtersOfWrite(call, table, 'DELETE');
  return db.deleteRows(table, (row) => where(row));
}

/** The row filter of an update or delete; like Supabase (pg_safeupdate), one without filters is refused. */
function filtersOfWrite(call: Call, table: TableName, statement: string): (row: Row) => boolean {
  if (call.params.has('limit') || call.params.has('order')) throw new UnsupportedByMock(`order/limit on ${statement}`);
  const plan = buildPlan(table, call.params);
  if (plan.where.length === 0) throw pgError('21000', `${statement} requires a WHERE clause`);
  return (row) => plan.where.every((condition) => evaluateCondition(row, condition) === true);
}

// ---- functions (RPC) ------------------------------------------------------------------------

async function callFunction(call: Call, name: string): Promise<Response> {
  const viaQuery = call.method === 'GET' || call.method === 'HEAD';
  const shaping = new Set(['select', 'order', 'limit', 'offset']);
  const args: Row = viaQuery
    ? Object.fromEntries([...call.params].filter(([key]) => !shaping.has(key)))
    : ((call.body ?? {}) as Row);
  if (!isObject(args)) throw pgError('PGRST102', 'Empty or invalid json');
  const handler = rpcHandlerFor(name);
  if (!handler) {
    const signature = `public.${name}(${Object.keys(args).sort().join(', ')})`;
    reportProblem(`${call.method} /rpc/${name}: no handler; register one with mockRpc('${name}', …)`);
    throw pgError('PGRST202', `Could not find the function ${signature} in the schema cache`);
  }
  const before = db.snapshot();
  let result: unknown;
  try {
    result = await handler(structuredClone(args) as never, { request: call.request });
  } catch (error) {
    db.restore(before);
    if (error instanceof PgError) throw error;
    throw new Error(`mockRpc('${name}') handler threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (result === undefined) return new HttpResponse(null, { status: 204 });
  if (Array.isArray(result) && result.every(isObject)) {
    // A set-returning function: its rows can be filtered, ordered, paged and shaped like a table's.
    const params = viaQuery ? new URLSearchParams([...call.params].filter(([key]) => shaping.has(key))) : call.params;
    const plan = buildPlan(null, params, new Set(['limit', 'offset']));
    const context = new ReadContext((table) => db.rows(table));
    return answerRows({ ...call, params }, plan, selectRows(structuredClone(result), plan, context), context);
  }
  if (call.singular && Array.isArray(result)) {
    if (result.length !== 1) throw notOneRow(result.length);
    return json(call, result[0], 200);
  }
  return json(call, result, 200);
}

// ---- plumbing -------------------------------------------------------------------------------

function json(call: Call, body: unknown, status: number, headers: Record<string, string> = {}): Response {
  const type = call.singular ? 'application/vnd.pgrst.object+json' : 'application/json';
  const payload = call.stripNulls ? withoutNulls(body) : body;
  return new HttpResponse(call.method === 'HEAD' ? null : JSON.stringify(payload), {
    status,
    headers: { 'Content-Type': `${type}; charset=utf-8`, ...headers },
  });
}

function errorResponse(error: PgError): Response {
  return HttpResponse.json(error.body, { status: error.status });
}

function withoutNulls(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutNulls);
  if (!isObject(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw pgError('PGRST102', 'Empty or invalid json');
  }
}

/** `Prefer: return=representation, count=exact` → { return: 'representation', count: 'exact' } */
function parsePrefer(header: string | null): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split('=');
    if (key) prefer.set(key, value);
  }
  return prefer;
}

/** `Range: 0-24` (items) → { from: 0, to: 24 } */
function parseRange(header: string | null): { from: number; to?: number } | undefined {
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  return { from: Number(match[1]), to: match[2] === '' ? undefined : Number(match[2]) };
}

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((column) => b.includes(column));
