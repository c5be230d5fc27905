/**
 * The malformed-input sweep: every route of /rest/v1 (each table and rpc of the schema cache),
 * /auth/v1, /functions/v1 and the notification service gets the fixed corpus of
 * tests/support/malformed-corpus.ts, with and without a signed-in staff member's token. No
 * answer may be a 5xx and the process must still answer afterwards. Requests go out through
 * node:http with the path byte for byte (fetch would re-encode bad percent-sequences).
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaCache } from '../../local/gateway/rest/schema-cache.ts';
import {
  BAD_BODIES,
  BAD_HEADERS,
  BAD_PATH_SEGMENTS,
  BAD_QUERY_VALUES,
  HUGE_BODY,
  deepLogic,
  deepSelect,
  wrongValueBodies,
  type BadBody,
} from '../support/malformed-corpus.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface SweepRequest {
  method: string;
  /** On the wire as written: not normalized, not re-encoded. */
  path: string;
  headers?: Record<string, string>;
  body?: BadBody;
  /** Who sends it, for the report. */
  as: string;
}

interface Outcome {
  request: SweepRequest;
  status: number | null;
  error?: string;
}

let stack: TestStack;
let host: string;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
/** How many answers of each status the sweep got (it must have reached the routes, not only a gate). */
const statusCounts = new Map<number, number>();
/**
 * The machine has two shared cores: a sweep takes 10–40 s there alone, and over 120 s while the
 * browser files and other work share them. The bound only stops a hung sweep.
 */
const SWEEP_TIMEOUT = 400_000;

/** Who sends each request: the API key alone, and the key with a staff member's token. */
let callers: { as: string; headers: Record<string, string> }[];
let serviceRoleHeaders: Record<string, string>;

beforeAll(async () => {
  stack = await startTestStack({
    // The limits are not under test here: a 429 would hide what the route itself answers.
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
      AUTH_RATE_LIMIT_SIGNUPS_PER_IP: '100000',
    },
  });
  const url = new URL(stack.url);
  host = url.hostname;
  port = Number(url.port);
  const staff = await stack.signedIn('admin@demo.test');
  const { data } = await staff.auth.getSession();
  const token = data.session!.access_token;
  const anonKey = stack.config.anonKey;
  callers = [
    { as: 'anon', headers: { apikey: anonKey } },
    { as: 'staff', headers: { apikey: anonKey, authorization: `Bearer ${token}` } },
  ];
  serviceRoleHeaders = { apikey: stack.config.serviceRoleKey, authorization: `Bearer ${stack.config.serviceRoleKey}` };
});

afterAll(async () => {
  agent.destroy();
  await stack?.stop();
});

function send(req: SweepRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...req.headers, ...req.body?.headers };
    if (req.body) headers['content-length'] = String(req.body.body.length);
    const outgoing = request({ host, port, agent, method: req.method, path: req.path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ request: req, status: res.statusCode ?? null }));
      res.on('error', (error) => resolve({ request: req, status: res.statusCode ?? null, error: error.message }));
    });
    outgoing.on('error', (error) => resolve({ request: req, status: null, error: error.message }));
    outgoing.end(req.body?.body);
  });
}

/** Sends the requests a few at a time; returns those answered with a 5xx or not answered at all. */
async function sweep(requests: SweepRequest[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const outcome = await send(requests[next++]!);
      if (outcome.status !== null) statusCounts.set(outcome.status, (statusCounts.get(outcome.status) ?? 0) + 1);
      if (outcome.status === null || outcome.status >= 500) failures.push(describeFailure(outcome));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return failures.sort();
}

function describeFailure({ request: req, status, error }: Outcome): string {
  const path = req.path.length > 120 ? `${req.path.slice(0, 120)}…(${req.path.length} chars)` : req.path;
  const extra = Object.entries(req.headers ?? {})
    .filter(([name]) => !['apikey', 'authorization'].includes(name))
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
  return `${req.method} ${path} as ${req.as}${req.body ? ` body: ${req.body.label}` : ''}${extra ? ` [${extra}]` : ''} → ${status ?? `no answer (${error})`}`;
}

/** Fails with every failing request listed (vitest would cut a long diff short). */
function expectNoFailures(failures: string[], sent?: number) {
  const summary = `${failures.length}${sent ? ` of ${sent}` : ''} requests answered 5xx or not at all`;
  expect(failures.length, `${summary}:\n${failures.join('\n')}`).toBe(0);
}

/** Each request once per caller (the API key alone, and with the staff token). */
function asEveryCaller(requests: Omit<SweepRequest, 'as'>[]): SweepRequest[] {
  return callers.flatMap((caller) =>
    requests.map((req) => ({ ...req, as: caller.as, headers: { ...caller.headers, ...req.headers } })),
  );
}

/**
 * The REST corpus is large: the staff member (whose requests reach the tables through RLS) sends
 * all of it, the API key alone every third request (it mostly meets the same parsing, then RLS).
 */
function asStaffAndSomeAnon(requests: Omit<SweepRequest, 'as'>[]): SweepRequest[] {
  const [anon, staff] = callers as [(typeof callers)[number], (typeof callers)[number]];
  const as = (caller: typeof anon) => (req: Omit<SweepRequest, 'as'>) => ({
    ...req,
    as: caller.as,
    headers: { ...caller.headers, ...req.headers },
  });
  return [...requests.map(as(staff)), ...requests.filter((_, index) => index % 3 === 0).map(as(anon))];
}

/** The few values every column gets (each column type gets all of BAD_QUERY_VALUES once). */
const COLUMN_VALUES = ['abc', '%00', '99999999999999999999', '%ED%A0%80'];

const withBodies = (method: string, path: string, bodies: readonly BadBody[]) =>
  bodies.map((body) => ({ method, path, body }));

/** Each sweep's run, started at most once. */
const sweeps: (() => Promise<void>)[] = [];

/**
 * A sweep as a test of its own. "after the sweep" needs every sweep to have run, whatever order the
 * tests run in (shuffled, or some left out by -t): it runs those not run yet, and each runs once.
 */
function itSweeps(name: string, run: () => Promise<void>, timeout: number) {
  let started: Promise<void> | undefined;
  const once = () => (started ??= run());
  sweeps.push(once);
  it(name, once, timeout);
}

describe('the malformed-input sweep', () => {
  itSweeps(
    '/rest/v1: every table and rpc answers the corpus with a 4xx or a success, never a 5xx',
    async () => {
      const schema = new SchemaCache(stack.db);
      await schema.load();
      const requests: Omit<SweepRequest, 'as'>[] = [];
      // Every column of every table with a few values, and all of BAD_QUERY_VALUES on one column (and
      // one key) of each type; the bodies and headers that do not depend on the table on the first table only
      // (the sweep stays under a minute).
      const typesSeen = new Set<string>();
      const keyTypesSeen = new Set<string>();
      for (const relation of schema.relations.values()) {
        const table = `/rest/v1/${relation.name}`;
        const columns = relation.columnOrder;
        const key = relation.primaryKey[0] ?? columns[0]!;
        for (const column of columns) {
          const type = relation.columns.get(column)!.type;
          const values = typesSeen.has(type) ? COLUMN_VALUES.slice(0, 2) : BAD_QUERY_VALUES;
          typesSeen.add(type);
          for (const value of values) requests.push({ method: 'GET', path: `${table}?${column}=eq.${value}` });
        }
        const keyType = relation.columns.get(key)!.type;
        for (const value of keyTypesSeen.has(keyType) ? COLUMN_VALUES : BAD_QUERY_VALUES) {
          requests.push(
            { method: 'GET', path: `${table}?${key}=in.(${value})&select=${value}&order=${value}` },
            { method: 'GET', path: `${table}?limit=${value}&offset=${value}&or=(${key}.eq.${value})` },
          );
        }
        keyTypesSeen.add(keyType);
        for (const value of COLUMN_VALUES) requests.push({ method: 'DELETE', path: `${table}?${key}=eq.${value}` });
        for (const filter of ['gt', 'cs', 'like', 'is', 'fts', 'not.eq', 'nonsense'])
          requests.push({ method: 'GET', path: `${table}?${key}=${filter}.${COLUMN_VALUES.join(',')}` });
        const bodies = wrongValueBodies(columns);
        requests.push(
          { method: 'GET', path: `${table}?select=${deepSelect}` },
          { method: 'GET', path: `${table}?or=${deepLogic(key)}` },
          { method: 'GET', path: `${table}?select=*,${key}::nonsense_type&order=${key}.desc.nullsfirst.extra` },
          { method: 'PUT', path: `${table}?${key}=eq.1` },
          ...withBodies('POST', table, bodies),
          ...withBodies('POST', `${table}?on_conflict=${key}`, [bodies[0]!, bodies[4]!]).map((req) => ({
            ...req,
            headers: { prefer: 'resolution=merge-duplicates,return=representation' },
          })),
          ...withBodies(
            'PATCH',
            `${table}?${key}=eq.-1`,
            bodies.filter((_, index) => index % 2 === 1),
          ),
        );
      }
      const [first] = [...schema.relations.values()];
      const firstTable = `/rest/v1/${first!.name}`;
      requests.push(
        ...BAD_HEADERS.map((headers) => ({ method: 'GET', path: `${firstTable}?limit=1`, headers })),
        ...BAD_HEADERS.map((headers) => ({
          method: 'POST',
          path: firstTable,
          headers,
          body: wrongValueBodies(first!.columnOrder)[0],
        })),
        ...withBodies('POST', firstTable, BAD_BODIES),
        ...withBodies('PATCH', `${firstTable}?${first!.columnOrder[0]}=eq.-1`, BAD_BODIES),
      );
      for (const [name, overloads] of schema.routines) {
        const args = [...new Set(overloads.flatMap((routine) => routine.args.map((arg) => arg.name)))];
        const rpc = `/rest/v1/rpc/${name}`;
        requests.push(...withBodies('POST', rpc, wrongValueBodies(args)));
        for (const value of BAD_QUERY_VALUES)
          requests.push({
            method: 'GET',
            path: `${rpc}?${args.map((arg) => `${arg}=${value}`).join('&') || `x=${value}`}`,
          });
        requests.push({ method: 'DELETE', path: rpc });
      }
      for (const segment of BAD_PATH_SEGMENTS)
        requests.push(
          { method: 'GET', path: `/rest/v1/${segment}` },
          { method: 'POST', path: `/rest/v1/rpc/${segment}` },
        );

      const sent = asStaffAndSomeAnon(requests);
      expectNoFailures(await sweep(sent), sent.length);
    },
    SWEEP_TIMEOUT,
  );

  itSweeps(
    '/auth/v1: every route answers the corpus with a 4xx or a success, never a 5xx',
    async () => {
      const fields = [
        'email',
        'password',
        'data',
        'token',
        'token_hash',
        'type',
        'refresh_token',
        'redirect_to',
        'user_metadata',
        'app_metadata',
        'email_confirm',
        'role',
        'should_soft_delete',
        'nonce',
        'code_challenge',
      ];
      const bodies = [...BAD_BODIES, ...wrongValueBodies(fields)];
      const requests: Omit<SweepRequest, 'as'>[] = [
        ...withBodies('POST', '/auth/v1/signup', bodies),
        ...withBodies('POST', '/auth/v1/resend', bodies),
        ...withBodies('POST', '/auth/v1/recover', bodies),
        ...withBodies('POST', '/auth/v1/verify', bodies),
        ...withBodies('POST', '/auth/v1/token?grant_type=password', bodies),
        ...withBodies('POST', '/auth/v1/token?grant_type=refresh_token', bodies),
        ...withBodies('POST', '/auth/v1/token?grant_type=pkce', bodies),
        ...withBodies('POST', '/auth/v1/otp', bodies),
        { method: 'GET', path: '/auth/v1/health' },
        { method: 'GET', path: '/auth/v1/settings' },
        { method: 'GET', path: '/auth/v1/user' },
        { method: 'POST', path: '/auth/v1/logout?scope=bogus' },
      ];
      for (const value of BAD_QUERY_VALUES) {
        requests.push(
          { method: 'GET', path: `/auth/v1/verify?token=${value}&type=${value}&redirect_to=${value}` },
          { method: 'GET', path: `/auth/v1/verify?token=${value}&type=signup&redirect_to=http://x` },
          { method: 'GET', path: `/auth/v1/verify?token_hash=${value}&type=recovery` },
          { method: 'POST', path: `/auth/v1/token?grant_type=${value}`, body: wrongValueBodies(fields)[0] },
          { method: 'GET', path: `/auth/v1/admin/users?page=${value}&per_page=${value}` },
          { method: 'POST', path: `/auth/v1/signup?redirect_to=${value}`, body: wrongValueBodies(fields)[0] },
        );
      }
      for (const segment of BAD_PATH_SEGMENTS) {
        requests.push(
          { method: 'GET', path: `/auth/v1/admin/users/${segment}` },
          { method: 'DELETE', path: `/auth/v1/admin/users/${segment}` },
          { method: 'GET', path: `/auth/v1/${segment}` },
          ...withBodies('PUT', `/auth/v1/admin/users/${segment}`, wrongValueBodies(fields).slice(0, 3)),
        );
      }
      const admin: Omit<SweepRequest, 'as'>[] = [
        ...withBodies('POST', '/auth/v1/admin/users', bodies),
        ...withBodies('PUT', '/auth/v1/admin/users/00000000-0000-0000-0000-000000000000', bodies),
        { method: 'GET', path: '/auth/v1/admin/users' },
      ];
      requests.push(...admin);
      // The staff member's own account takes the bodies last (a body could change their password).
      const ownAccount = withBodies('PUT', '/auth/v1/user', bodies);
      const asServiceRole = [...requests.filter((req) => req.path.includes('/admin/'))].map((req) => ({
        ...req,
        as: 'service_role',
        headers: { ...serviceRoleHeaders, ...req.headers },
      }));
      const failures = [
        ...(await sweep([...asEveryCaller(requests), ...asServiceRole])),
        ...(await sweep(asEveryCaller(ownAccount))),
        ...(await sweep(asEveryCaller([{ method: 'POST', path: '/auth/v1/logout' }]))),
      ];
      expectNoFailures(failures);
    },
    SWEEP_TIMEOUT,
  );

  itSweeps(
    '/functions/v1: create-user, delete-user and the platform answer the corpus with a 4xx or a success, never a 5xx',
    async () => {
      const bodies = [...BAD_BODIES, HUGE_BODY, ...wrongValueBodies(['user_id', 'userId', 'id'])];
      const createBodies = [
        ...BAD_BODIES,
        HUGE_BODY,
        ...wrongValueBodies(['name', 'email', 'password', 'role', 'clinic_id']),
      ];
      const requests: Omit<SweepRequest, 'as'>[] = [
        ...withBodies('POST', '/functions/v1/delete-user', bodies),
        ...withBodies('POST', '/functions/v1/create-user', createBodies),
        { method: 'GET', path: '/functions/v1/create-user' },
        ...BAD_HEADERS.map((headers) => ({ method: 'POST', path: '/functions/v1/create-user', headers })),
        { method: 'GET', path: '/functions/v1/delete-user' },
        { method: 'PUT', path: '/functions/v1/delete-user' },
        { method: 'OPTIONS', path: '/functions/v1/delete-user' },
        ...BAD_HEADERS.map((headers) => ({ method: 'POST', path: '/functions/v1/delete-user', headers })),
        ...BAD_PATH_SEGMENTS.map((segment) => ({ method: 'POST', path: `/functions/v1/${segment}` })),
        ...BAD_QUERY_VALUES.map((value) => ({ method: 'POST', path: `/functions/v1/delete-user?user_id=${value}` })),
      ];
      const failures = await sweep(asEveryCaller(requests));
      expectNoFailures(failures);
    },
    SWEEP_TIMEOUT,
  );

  itSweeps(
    'the notification service: every route answers the corpus with a 4xx or a success, never a 5xx',
    async () => {
      const { data: appointment } = await stack.serviceClient().from('appointments').select('id').limit(1).single();
      const { data: clinic } = await stack.serviceClient().from('clinics').select('id').limit(1).single();
      const ids = ['1', String((appointment as { id: number } | null)?.id ?? 1), ...BAD_PATH_SEGMENTS];
      const clinicIds = [String((clinic as { id: number } | null)?.id ?? 1), ...BAD_PATH_SEGMENTS];
      const fields = [
        'status',
        'previousStatus',
        'previous_status',
        'message',
        'text',
        'pageId',
        'page_id',
        'state',
        'code',
      ];
      const bodies = [...BAD_BODIES, ...wrongValueBodies(fields)];
      const requests: Omit<SweepRequest, 'as'>[] = [];
      // All the bodies with a real id; a few with each bad id.
      const bodiesFor = (index: number) => (index <= 1 ? bodies : bodies.filter((_, at) => at % 6 === 0));
      for (const [index, id] of ids.entries()) {
        requests.push(
          ...withBodies('POST', `/status-notifications/${id}`, bodiesFor(index)),
          ...withBodies('POST', `/appointments/${id}/send-reminder`, bodiesFor(index)),
          { method: 'GET', path: `/status-notifications/${id}` },
        );
      }
      for (const [index, id] of clinicIds.entries()) {
        requests.push(
          ...withBodies('POST', `/api/clinics/${id}/facebook/connect-state`, bodiesFor(index + 1)),
          ...withBodies('POST', `/api/clinics/${id}/facebook/select-page`, bodiesFor(index + 1)),
          { method: 'GET', path: `/api/clinics/${id}/facebook/pages` },
          { method: 'GET', path: `/api/clinics/${id}/facebook/connect` },
          { method: 'DELETE', path: `/api/clinics/${id}/facebook/page` },
        );
      }
      for (const value of BAD_QUERY_VALUES) {
        requests.push(
          { method: 'GET', path: `/api/clinics/1/facebook/connect?state=${value}` },
          { method: 'GET', path: `/api/facebook/callback?code=${value}&state=${value}` },
          { method: 'GET', path: `/api/facebook/callback?error=${value}&error_reason=${value}&state=${value}` },
          { method: 'GET', path: `/webhook?hub.mode=${value}&hub.verify_token=${value}&hub.challenge=${value}` },
          { method: 'GET', path: `/api/clinics/1/facebook/pages?state=${value}` },
        );
      }
      requests.push(
        ...withBodies('POST', '/webhook', [...BAD_BODIES, ...wrongValueBodies(['object', 'entry'])]),
        ...withBodies('POST', '/webhook', [...BAD_BODIES, ...wrongValueBodies(['object', 'entry'])]).map((req) => ({
          ...req,
          headers: { 'x-hub-signature-256': 'sha256=00' },
        })),
        ...BAD_HEADERS.map((headers) => ({ method: 'POST', path: '/status-notifications/1', headers })),
        ...BAD_PATH_SEGMENTS.map((segment) => ({ method: 'GET', path: `/api/${segment}` })),
      );
      const failures = await sweep(asEveryCaller(requests));
      expectNoFailures(failures);
    },
    SWEEP_TIMEOUT,
  );

  it(
    'after the sweep, the stack still answers',
    async () => {
      // A sweep's failures fail its own test; here it only has to have run.
      for (const sweepOnce of sweeps) await sweepOnce().catch(() => undefined);
      const response = await fetch(`${stack.url}/config.json`);
      expect(response.status).toBe(200);
      // The corpus reached the routes: refusals of many kinds, and some requests that went through.
      const answered = [...statusCounts.keys()];
      for (const status of [200, 400, 401, 404, 413]) expect(answered, `no ${status} answers`).toContain(status);
      const rest = await fetch(`${stack.url}/rest/v1/clinics?select=id&limit=1`, {
        headers: { apikey: stack.config.serviceRoleKey, authorization: `Bearer ${stack.config.serviceRoleKey}` },
      });
      expect(rest.status).toBe(200);
    },
    // It may run every sweep itself.
    sweeps.length * SWEEP_TIMEOUT,
  );
});
