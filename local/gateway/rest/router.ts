import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { RestLimits, StackConfig } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { headerValue, resolveCaller, type Caller } from '../caller.ts';
import { encodeApiBody } from '../encoding.ts';
import { RestError, payloadColumnNotFound, tableNotFound, toRestError } from './errors.ts';
import { refuseNonDecimalNumerics } from './numeric-input.ts';
import { parseColumnList } from './parse.ts';
import {
  Params,
  ReadPlanner,
  hasSpread,
  ident,
  liftSpreads,
  orderSql,
  pagingSql,
  selectList,
  whereConditions,
  type ReadNode,
} from './plan.ts';
import type { Relation, Routine, SchemaCache } from './schema-cache.ts';

export interface RestDeps {
  db: Database;
  config: StackConfig;
  schema: SchemaCache;
  logger: Logger;
}

const BODY_LIMIT_BYTES = 1024 * 1024;
const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  applied: string[];
}

function parsePreferences(req: Request): Preferences {
  const preferences: Preferences = { return: 'minimal', applied: [] };
  const raw = req.headers.prefer;
  const values = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((value) => value.trim());
  for (const value of values) {
    const [key, setting] = value.split('=') as [string, string | undefined];
    if (key === 'return' && (setting === 'minimal' || setting === 'representation' || setting === 'headers-only')) {
      preferences.return = setting;
      preferences.applied.push(value);
    } else if (key === 'count' && (setting === 'exact' || setting === 'planned' || setting === 'estimated')) {
      preferences.count = setting;
      preferences.applied.push(value);
    } else if (key === 'resolution' && (setting === 'merge-duplicates' || setting === 'ignore-duplicates')) {
      preferences.resolution = setting;
      preferences.applied.push(value);
    }
  }
  return preferences;
}

/** What the request's `Accept` asks for: an array (default) or exactly one object. */
function wantsSingleObject(req: Request): boolean {
  const accept = headerValue(req, 'accept') ?? '*/*';
  const types = accept.split(',').map((type) => type.split(';')[0]!.trim().toLowerCase());
  if (types.includes(OBJECT_MEDIA_TYPE)) return true;
  const supported = ['*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json'];
  if (!types.some((type) => supported.includes(type))) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
  }
  return false;
}

function queryOf(req: Request): URLSearchParams {
  const index = req.originalUrl.indexOf('?');
  return new URLSearchParams(index >= 0 ? req.originalUrl.slice(index + 1) : '');
}

function readJsonBody(req: Request): unknown {
  const type = (headerValue(req, 'content-type') ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (
    type !== 'application/json' &&
    type !== 'application/vnd.pgrst.object+json' &&
    type !== 'application/vnd.pgrst.array+json'
  ) {
    throw new RestError(
      415,
      'PGRST107',
      `The request's Content-Type '${type}' is not supported`,
      null,
      "Send the body as JSON with 'Content-Type: application/json'.",
    );
  }
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  try {
    return JSON.parse(raw);
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function checkProfile(req: Request) {
  for (const header of ['accept-profile', 'content-profile']) {
    const profile = headerValue(req, header);
    if (profile && profile !== 'public') {
      throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
    }
  }
}

function callerOrThrow(req: Request, config: StackConfig): Caller {
  const result = resolveCaller(req, config);
  if (result.ok) return result.caller;
  switch (result.problem) {
    case 'no_api_key':
      throw new RestError(
        401,
        null,
        'No API key found in request',
        null,
        'No `apikey` request header or url param was found.',
      );
    case 'invalid_api_key':
      throw new RestError(
        401,
        null,
        'Invalid API key',
        null,
        'Double check your Supabase `anon` or `service_role` API key.',
      );
    case 'expired_jwt':
      throw new RestError(401, 'PGRST303', 'JWT expired', null, null, {
        'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
      });
    default:
      throw new RestError(401, 'PGRST301', 'No suitable key or wrong key type', null, null, {
        'WWW-Authenticate': 'Bearer error="invalid_token", error_description="No suitable key or wrong key type"',
      });
  }
}

/**
 * PostgREST's request settings, and read-only mode for GET/HEAD, in one statement: one round trip
 * before the request's own statement. `transaction_read_only` set to on (what `set transaction
 * read only` does) is allowed at any point of a transaction; the statements after it cannot write.
 */
const CALLER_SETTINGS = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
        set_config('request.method', $3, true), set_config('request.path', $4, true),
        set_config('request.headers', $5, true), set_config('search_path', 'public, extensions', true)`;
const READ_ONLY_CALLER_SETTINGS = `${CALLER_SETTINGS}, set_config('transaction_read_only', 'on', true)`;

/**
 * One transaction as the caller's role with PostgREST's request settings, read-only for GET/HEAD
 * (and, as PostgREST does, for a stable or immutable function called by POST), its statements
 * bounded by the role's statement timeout (hosted sets it on the role).
 */
async function asCaller<T>(
  db: Database,
  limits: RestLimits,
  req: Request,
  caller: Caller,
  work: (tx: Queryable) => Promise<T>,
  readOnly = req.method === 'GET' || req.method === 'HEAD',
): Promise<T> {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (name !== 'authorization' && name !== 'apikey') headers[name] = value;
  }
  const settings = [caller.role, JSON.stringify(caller.claims), req.method, req.path, JSON.stringify(headers)];
  const timeoutMs = limits.statementTimeoutMs[caller.role];
  return db.transaction(
    async (tx) => {
      // Sent along with the request's statement (one round trip to the embedded database, not
      // two): if the settings fail, Postgres aborts the transaction and the statement cannot run.
      const settled = tx.query(readOnly ? READ_ONLY_CALLER_SETTINGS : CALLER_SETTINGS, settings);
      settled.catch(() => undefined);
      try {
        const result = await work(tx);
        await settled;
        return result;
      } catch (error) {
        await settled;
        throw error;
      }
    },
    timeoutMs > 0 ? { statementTimeoutMs: timeoutMs } : {},
  );
}

/** A body bigger than the stack's bound: Postgres' "program limit exceeded", 413 in PostgREST's table. */
function responseTooLarge(bytes: number, maxBytes: number): RestError {
  return new RestError(
    413,
    '54000',
    'The response is too large',
    `The response would be ${bytes} bytes; at most ${maxBytes} are allowed.`,
    'Ask for fewer rows or columns (limit, select), or read the rows in pages.',
  );
}

/** The body as the database built it, unless it was over the bound (then only its size came back). */
function boundedBody(row: { body: string | null; body_bytes: number | string | null }, maxBytes: number): string {
  if (row.body === null && row.body_bytes !== null) throw responseTooLarge(Number(row.body_bytes), maxBytes);
  return row.body ?? 'null';
}

interface Answer {
  status: number;
  body?: string;
  headers: Record<string, string>;
}

/** Thrown inside a transaction to roll it back and answer with an error (PGRST116 on writes). */
function singleObjectError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

export function createRestRouter(deps: RestDeps): Router {
  const { db, config, schema, logger } = deps;
  const limits = config.restLimits;
  const maxBytes = limits.maxResponseBytes;
  const router = Router();

  router.use(express.raw({ type: () => true, limit: BODY_LIMIT_BYTES }));

  const relationOrThrow = (name: string): Relation => {
    const relation = schema.relations.get(name);
    if (relation) return relation;
    const suggestion = [...schema.relations.keys()].find((candidate) => candidate.startsWith(name.slice(0, 4)));
    throw tableNotFound(schema.schema, name, suggestion);
  };

  const send = async (res: Response, answer: Answer) => {
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.status(answer.status);
    if (answer.body === undefined || res.req.method === 'HEAD') {
      res.end();
      return;
    }
    res.setHeader('Vary', 'Accept-Encoding');
    const { body, encoding } = await encodeApiBody(answer.body, res.req.headers['accept-encoding']);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.send(body);
  };

  /** The body of a read: as the database built it, or with spread embeds lifted into their rows. */
  const finishBody = (node: ReadNode, body: string) =>
    hasSpread(node) ? JSON.stringify((JSON.parse(body) as Record<string, unknown>[]).map(liftSpreads)) : body;

  const respondWithRows = (
    node: ReadNode,
    rows: JsonRows & { total?: number | null },
    single: boolean,
    status: number,
    extraHeaders: Record<string, string>,
    offset = 0,
  ): Answer => {
    const body = boundedBody(rows, maxBytes);
    const pageTotal = Number(rows.page_total);
    const total = rows.total === undefined || rows.total === null ? '*' : String(rows.total);
    const range = pageTotal === 0 ? `*/${total}` : `${offset}-${offset + pageTotal - 1}/${total}`;
    if (single) {
      if (pageTotal !== 1) throw singleObjectError(pageTotal);
      const array = JSON.parse(finishBody(node, body)) as unknown[];
      return {
        status,
        body: JSON.stringify(array[0]),
        headers: { 'Content-Type': `${OBJECT_MEDIA_TYPE}; charset=utf-8`, 'Content-Range': range, ...extraHeaders },
      };
    }
    return {
      status,
      body: finishBody(node, body),
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Range': range, ...extraHeaders },
    };
  };

  // ---------------------------------------------------------------- reads
  /** What reads and writes both take from a request: its query, Prefer header, Accept and the planned select. */
  function planRequest(req: Request, relation: Relation) {
    const query = queryOf(req);
    const planner = new ReadPlanner(schema, limits.maxEmbedDepth);
    const root = planner.root(relation, query.get('select') ?? undefined);
    planner.applyQuery(root, query);
    return { query, preferences: parsePreferences(req), single: wantsSingleObject(req), root };
  }

  async function read(req: Request, caller: Caller, relation: Relation): Promise<Answer> {
    const { preferences, single, root } = planRequest(req, relation);
    applyRangeHeader(req, root);
    capRows(root, limits.maxRows);
    const params = new Params();
    const where = whereConditions(root, params);
    const from = `from public.${ident(relation.name)} as ${root.alias}${whereClause(where)}`;
    const countSql = preferences.count ? `(select count(*) ${from})::int` : 'null::int';
    const sql = rowsAsJson(
      `select ${selectList(root, params)} ${from}${orderSql(root, params)}${pagingSql(root)}`,
      maxBytes,
      countSql,
    );
    const row = await asCaller(
      db,
      limits,
      req,
      caller,
      async (tx) => (await tx.query<JsonRows & { total: number | null }>(sql, params.values)).rows[0]!,
    );
    const offset = root.offset ?? 0;
    if (row.total !== null && offset > 0 && offset >= row.total && Number(row.page_total) === 0) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${row.total} rows.`,
      );
    }
    const partial = row.total !== null && (offset > 0 || Number(row.page_total) < row.total);
    return respondWithRows(root, row, single, partial ? 206 : 200, preferenceHeader(preferences), offset);
  }

  // ---------------------------------------------------------------- writes
  async function write(req: Request, caller: Caller, relation: Relation): Promise<Answer> {
    const { query, preferences, single, root } = planRequest(req, relation);
    const params = new Params();
    let mutation: string;

    if (req.method === 'POST') {
      const body = readJsonBody(req);
      const rows = Array.isArray(body) ? body : [body];
      if (rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))) {
        throw new RestError(400, 'PGRST102', 'All object keys must match');
      }
      const columns = query.get('columns')
        ? parseColumnList(query.get('columns')!)
        : [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
      for (const column of columns)
        if (!relation.columns.has(column)) throw payloadColumnNotFound(relation.name, column);
      refuseNonDecimalNumerics(relation, rows as object[]);
      if (rows.length === 0) {
        return {
          status: 201,
          body: preferences.return === 'representation' ? '[]' : undefined,
          headers: { 'Content-Range': '*/*' },
        };
      }
      // `{}` inserts a row of defaults and binds no payload (an unused parameter is a protocol error).
      const insertInto = `insert into public.${ident(relation.name)} as ${root.alias}`;
      if (columns.length === 0) {
        mutation = `${insertInto} default values`;
      } else {
        const source = `json_populate_recordset(null::public.${ident(relation.name)}, ${params.add(JSON.stringify(rows))}::json) as _p`;
        const values = columns.map((column) => `_p.${ident(column)}`).join(', ');
        mutation = `${insertInto} (${columns.map(ident).join(', ')}) select ${values} from ${source}`;
      }
      if (preferences.resolution) {
        const conflict = query.get('on_conflict') ? parseColumnList(query.get('on_conflict')!) : relation.primaryKey;
        for (const column of conflict)
          if (!relation.columns.has(column)) throw payloadColumnNotFound(relation.name, column);
        if (conflict.length === 0)
          throw new RestError(400, 'PGRST100', 'There is no primary key or on_conflict column to upsert on');
        // Like PostgREST, merging sets every payload column, conflict columns included, so the row comes back.
        const updates = columns;
        mutation +=
          preferences.resolution === 'ignore-duplicates' || updates.length === 0
            ? ` on conflict (${conflict.map(ident).join(', ')}) do nothing`
            : ` on conflict (${conflict.map(ident).join(', ')}) do update set ${updates.map((column) => `${ident(column)} = excluded.${ident(column)}`).join(', ')}`;
      }
    } else if (req.method === 'PATCH') {
      const body = readJsonBody(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      const columns = Object.keys(body);
      for (const column of columns)
        if (!relation.columns.has(column)) throw payloadColumnNotFound(relation.name, column);
      refuseNonDecimalNumerics(relation, [body]);
      const where = whereConditions(root, params);
      if (where.length === 0) throw new RestError(400, '21000', 'UPDATE requires a WHERE clause');
      if (columns.length === 0) {
        return {
          status: preferences.return === 'representation' ? 200 : 204,
          body: preferences.return === 'representation' ? '[]' : undefined,
          headers: {},
        };
      }
      mutation = `update public.${ident(relation.name)} as ${root.alias} set ${columns
        .map((column) => `${ident(column)} = _p.${ident(column)}`)
        .join(
          ', ',
        )} from json_populate_record(null::public.${ident(relation.name)}, ${params.add(JSON.stringify(body))}::json) as _p where ${where.join(' and ')}`;
    } else {
      const where = whereConditions(root, params);
      if (where.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause');
      mutation = `delete from public.${ident(relation.name)} as ${root.alias} where ${where.join(' and ')}`;
    }

    const status = req.method === 'POST' ? 201 : preferences.return === 'representation' ? 200 : 204;
    const headers = preferenceHeader(preferences);
    return asCaller(db, limits, req, caller, async (tx) => {
      if (preferences.return !== 'representation') {
        const { affectedRows } = await tx.query(mutation, params.values);
        if (single && affectedRows !== 1) throw singleObjectError(affectedRows);
        const countHeader = preferences.count ? { 'Content-Range': `*/${affectedRows}` } : { 'Content-Range': '*/*' };
        return { status, headers: { ...headers, ...countHeader } };
      }
      const sql = `with pgrst_source as (${mutation} returning ${root.alias}.*)
        ${rowsAsJson(`select ${selectList(root, params)} from pgrst_source as ${root.alias}`, maxBytes)}`;
      const row = (await tx.query<JsonRows>(sql, params.values)).rows[0]!;
      const answer = respondWithRows(
        root,
        { ...row, total: preferences.count ? row.page_total : null },
        single,
        status === 204 ? 200 : status,
        headers,
      );
      return answer;
    });
  }

  // ---------------------------------------------------------------- rpc
  async function rpc(req: Request, caller: Caller, name: string): Promise<Answer> {
    const query = queryOf(req);
    const single = wantsSingleObject(req);
    const preferences = parsePreferences(req);
    let args: Record<string, unknown>;
    if (req.method === 'POST') {
      const body = Buffer.isBuffer(req.body) && req.body.length === 0 ? {} : readJsonBody(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      args = body as Record<string, unknown>;
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      args = {};
    } else {
      throw new RestError(405, 'PGRST101', 'Only GET and POST are allowed for functions');
    }
    const routine = pickRoutine(schema, name, req.method === 'POST' ? Object.keys(args) : undefined, query);
    if (req.method !== 'POST')
      for (const arg of routine.args) if (query.has(arg.name)) args[arg.name] = query.get(arg.name);

    const params = new Params();
    const argSql = Object.entries(args)
      .map(([key, value]) => {
        const arg = routine.args.find((candidate) => candidate.name === key)!;
        return `${ident(key)} => ${params.add(argumentText(value, arg.type))}::${arg.type}`;
      })
      .join(', ');
    const call = `public.${ident(routine.name)}(${argSql})`;
    const headers = preferenceHeader(preferences);
    const readOnly = req.method !== 'POST' || routine.volatility !== 'v';

    if (routine.returnsVoid) {
      await asCaller(db, limits, req, caller, (tx) => tx.query(`select ${call}`, params.values), readOnly);
      return { status: 204, headers };
    }
    const relation = routine.returnsRelation ? schema.relations.get(routine.returnsRelation) : undefined;
    if (relation) {
      const planner = new ReadPlanner(schema, limits.maxEmbedDepth);
      const root = planner.root(relation, query.get('select') ?? undefined);
      planner.applyQuery(root, query, { skip: new Set(routine.args.map((arg) => arg.name)) });
      if (routine.returnsSet) capRows(root, limits.maxRows);
      const where = whereConditions(root, params);
      const sql = rowsAsJson(
        `select ${selectList(root, params)} from ${call} as ${root.alias}${whereClause(where)}${orderSql(root, params)}${pagingSql(root)}`,
        maxBytes,
      );
      const row = await asCaller(
        db,
        limits,
        req,
        caller,
        async (tx) => (await tx.query<JsonRows>(sql, params.values)).rows[0]!,
        readOnly,
      );
      if (!routine.returnsSet && !single) {
        const array = JSON.parse(boundedBody(row, maxBytes)) as unknown[];
        return {
          status: 200,
          body: JSON.stringify(array[0] ?? null),
          headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
        };
      }
      return respondWithRows(root, row, single, 200, headers);
    }
    // A set is cut at max rows, as PostgREST does; `_v` is the whole row or the scalar.
    const body = routine.returnsSet
      ? `select coalesce(json_agg(_l._v), '[]'::json)::text as body from (select _v from ${call} as _v limit ${limits.maxRows}) _l`
      : routine.returnsComposite
        ? `select row_to_json(_v)::text as body from ${call} as _v`
        : `select to_json(${call})::text as body`;
    const sql = boundedJson(`(${body}) _b`, maxBytes);
    const row = await asCaller(
      db,
      limits,
      req,
      caller,
      async (tx) => (await tx.query<{ body: string | null; body_bytes: number | null }>(sql, params.values)).rows[0],
      readOnly,
    );
    return {
      status: 200,
      body: row ? boundedBody(row, maxBytes) : 'null',
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    };
  }

  const handle = (work: (req: Request, caller: Caller) => Promise<Answer>) => async (req: Request, res: Response) => {
    let role: Caller['role'] = 'anon';
    try {
      checkProfile(req);
      const caller = callerOrThrow(req, config);
      role = caller.role;
      await send(res, await work(req, caller));
    } catch (error) {
      const restError = toRestError(error, role, (unexpected) =>
        logger.error(
          { err: unexpected, method: req.method, path: req.originalUrl.split('?')[0] },
          'unexpected error in /rest/v1',
        ),
      );
      for (const [name, value] of Object.entries(restError.headers)) res.setHeader(name, value);
      res.status(restError.status).json(restError.body);
    }
  };

  router.all(
    '/rpc/:name',
    handle((req, caller) => rpc(req, caller, String(req.params.name))),
  );
  router.all(
    '/:table',
    handle(async (req, caller) => {
      const relation = relationOrThrow(String(req.params.table));
      switch (req.method) {
        case 'GET':
        case 'HEAD':
          return read(req, caller, relation);
        case 'POST':
        case 'PATCH':
        case 'DELETE':
          return write(req, caller, relation);
        default:
          throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
      }
    }),
  );
  router.get('/', (_req, res) => {
    res.json({ swagger: '2.0', info: { title: 'Ngiti local PostgREST', version: '12' }, paths: {} });
  });

  // Body-parser failures (too large, unreadable) in PostgREST's error shape.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      res.status(413).json({
        code: 'PGRST413',
        message: 'Payload Too Large',
        details: `The request body is larger than ${BODY_LIMIT_BYTES} bytes`,
        hint: null,
      });
      return;
    }
    if (type) {
      res.status(400).json({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
      return;
    }
    next(error);
  });

  return router;
}

interface JsonRows {
  /** Null when it was larger than the bound (body_bytes says how large). */
  body: string | null;
  body_bytes: number | string | null;
  page_total: number;
}

/**
 * The columns of `from` (a subquery `_b` with a text `body`), but a body over `maxBytes` stays in
 * the database: only its size comes back, and the request is answered 413.
 */
function boundedJson(from: string, maxBytes: number, columns = ''): string {
  return `select case when octet_length(_b.body) > ${maxBytes} then null else _b.body end as body,
    octet_length(_b.body) as body_bytes${columns} from ${from}`;
}

/**
 * The rows of `rowsSql` as one JSON array (`body`, bounded to `maxBytes`) and their number
 * (`page_total`); with `countSql`, also `total`.
 */
function rowsAsJson(rowsSql: string, maxBytes: number, countSql?: string): string {
  return boundedJson(
    `(select coalesce(json_agg(_r), '[]'::json)::text as body, count(_r)::int as page_total${countSql ? `, ${countSql} as total` : ''}
      from (${rowsSql}) _r) _b`,
    maxBytes,
    `, _b.page_total${countSql ? ', _b.total' : ''}`,
  );
}

/** PostgREST's db-max-rows: the top level reads at most `maxRows` rows, whatever limit was asked. */
function capRows(root: ReadNode, maxRows: number) {
  root.limit = root.limit === undefined ? maxRows : Math.min(root.limit, maxRows);
}

function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? ` where ${conditions.join(' and ')}` : '';
}

function preferenceHeader(preferences: Preferences): Record<string, string> {
  return preferences.applied.length > 0 ? { 'Preference-Applied': preferences.applied.join(', ') } : {};
}

/** `Range: 0-19` on a read, as an alternative to limit/offset. */
function applyRangeHeader(req: Request, root: ReadNode) {
  const range = headerValue(req, 'range');
  if (!range) return;
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
  if (!match) return;
  const first = Number(match[1]);
  root.offset = root.offset ?? first;
  if (match[2] !== '') {
    const size = Number(match[2]) - first + 1;
    if (size >= 0) root.limit = root.limit === undefined ? size : Math.min(root.limit, size);
  }
}

function pickRoutine(
  schema: SchemaCache,
  name: string,
  bodyKeys: string[] | undefined,
  query: URLSearchParams,
): Routine {
  const overloads = schema.routines.get(name) ?? [];
  const given =
    bodyKeys ?? overloads.flatMap((routine) => routine.args.map((arg) => arg.name)).filter((arg) => query.has(arg));
  const fits = overloads.filter(
    (routine) =>
      given.every((key) => routine.args.some((arg) => arg.name === key)) &&
      routine.args.every((arg) => arg.hasDefault || given.includes(arg.name)),
  );
  if (fits.length === 1) return fits[0]!;
  if (fits.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits.map((fit) => `public.${fit.name}(${fit.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const argList = given.length > 0 ? `(${[...given].sort().join(', ')})` : ' without parameters';
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${argList} in the schema cache`,
    `Searched for the function public.${name}${given.length > 0 ? ` with parameters ${[...given].sort().join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

/** An argument as text for a cast to its declared type (JSON for json/jsonb, array literal for arrays). */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value) && type.endsWith('[]')) {
    return `{${value
      .map((item) =>
        item === null
          ? 'NULL'
          : `"${String(typeof item === 'object' ? JSON.stringify(item) : item)
              .replace(/\\/g, '\\\\')
              .replace(/"/g, '\\"')}"`,
      )
      .join(',')}}`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
