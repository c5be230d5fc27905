/**
 * One-request overrides in front of the real gateway (REST API and edge functions): the next
 * matching request fails, waits until the test releases it, or is stored with its answer lost; or
 * requests are counted. One MSW handler per test reads these arrangements, first arranged first
 * served; every other request goes on to the gateway.
 */
import { bypass, http, HttpResponse, passthrough } from 'msw';
import type { Database } from '@/lib/database.types';
import { pgError, PgError, type PostgrestErrorBody } from '../network/errors';
import { server } from '../network/server';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type TableName = keyof Database['public']['Tables'] | keyof Database['public']['Views'];
type FunctionName = keyof Database['public']['Functions'];
/** The edge functions the gateway runs (`/functions/v1/<name>`). */
type EdgeFunctionName = 'create-user' | 'delete-user';

/**
 * Which requests an override applies to: a table or view, a database function (RPC), or an edge
 * function (`fn`), and optionally a method.
 */
export type RequestMatch =
  | { method?: HttpMethod; table: TableName; rpc?: never; fn?: never }
  | { method?: HttpMethod; rpc: FunctionName; table?: never; fn?: never }
  | { method?: HttpMethod; fn: EdgeFunctionName; table?: never; rpc?: never };

/**
 * A reply the real server never gives, for what stands between the app and an edge function (a
 * proxy's 502 page, a 2xx body that is not JSON): JSON, or text served as text/html.
 */
export type RawReply = { status: number; json: unknown } | { status: number; text: string };

/** How a request fails: a PostgREST error (`pgError(…)` or its fields), a raw reply, or 'network' (no answer at all). */
export type Failure =
  PgError | (Partial<PostgrestErrorBody> & { code: string; status?: number }) | RawReply | 'network';

type Arrangement =
  | { match: RequestMatch; kind: 'fail'; failure: Failure }
  | { match: RequestMatch; kind: 'hold'; arrived: () => void; released: Promise<void> }
  | { match: RequestMatch; kind: 'lose' }
  | { match: RequestMatch; kind: 'count'; urls: string[] };

const arrangements: Arrangement[] = [];

function matches(match: RequestMatch, request: Request, stackUrl: string): boolean {
  if (match.method !== undefined && match.method !== request.method) return false;
  const path = new URL(request.url).pathname;
  const target =
    match.fn !== undefined
      ? `/functions/v1/${match.fn}`
      : match.table !== undefined
        ? `/rest/v1/${match.table}`
        : `/rest/v1/rpc/${match.rpc}`;
  return path === `${new URL(stackUrl).pathname.replace(/\/$/, '')}${target}`;
}

function responseFor(failure: Failure): Response {
  if (failure === 'network') return HttpResponse.error();
  if ('json' in failure) return HttpResponse.json(failure.json as Record<string, unknown>, { status: failure.status });
  if ('text' in failure) {
    return new HttpResponse(failure.text, { status: failure.status, headers: { 'Content-Type': 'text/html' } });
  }
  const error =
    failure instanceof PgError
      ? failure
      : pgError(failure.code, failure.message, {
          details: failure.details,
          hint: failure.hint,
          status: failure.status,
        });
  return HttpResponse.json(error.body, { status: error.status });
}

/** Puts the handler that serves the arrangements in front of the gateway (before each test). */
export function serveArrangements(stackUrl: string): void {
  server.use(
    http.all(`${stackUrl}/*`, async ({ request }) => {
      for (const entry of arrangements) {
        if (entry.kind === 'count' && matches(entry.match, request, stackUrl)) entry.urls.push(request.url);
      }
      const index = arrangements.findIndex(
        (entry) => entry.kind !== 'count' && matches(entry.match, request, stackUrl),
      );
      if (index < 0) return passthrough();
      const [entry] = arrangements.splice(index, 1);
      if (entry!.kind === 'fail') return responseFor(entry!.failure);
      if (entry!.kind === 'hold') {
        entry!.arrived();
        await entry!.released;
        return passthrough();
      }
      await fetch(bypass(request));
      return HttpResponse.error();
    }),
  );
}

/**
 * The next request matching `match` fails with `failure` (by default a 500 XX000), or the next
 * `times` ones; it never reaches the database (nor the edge function).
 */
export function failNext(
  match: RequestMatch,
  failure: Failure = pgError('XX000', 'internal error'),
  options: { times?: number } = {},
): void {
  for (let time = 0; time < (options.times ?? 1); time += 1) arrangements.push({ match, kind: 'fail', failure });
}

export interface Hold {
  /** Lets the held request go on to the gateway. */
  release(): void;
  /** Settles once a request has reached the hold. */
  reached: Promise<void>;
}

const openHolds = new Set<() => void>();

/** The next request matching `match` waits until `release()` (to see "Saving…", or a second click that sends nothing). */
export function holdNext(match: RequestMatch): Hold {
  let release!: () => void;
  let arrived!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  openHolds.add(release);
  arrangements.push({ match, kind: 'hold', arrived, released });
  return {
    release() {
      openHolds.delete(release);
      release();
    },
    reached,
  };
}

/**
 * The next request matching `match` reaches the gateway and is stored, but its answer is lost on
 * the way back (the browser sees no answer at all): a retry must not store it twice.
 */
export function loseAnswerNext(match: RequestMatch): void {
  arrangements.push({ match, kind: 'lose' });
}

/**
 * Counts the requests matching `match` from now on, which go on as usual: `expect(saves.count).toBe(1)`;
 * `urls` are theirs, in order.
 */
export function countRequests(match: RequestMatch): { readonly count: number; readonly urls: readonly string[] } {
  const urls: string[] = [];
  arrangements.push({ match, kind: 'count', urls });
  return {
    get count() {
      return urls.length;
    },
    urls,
  };
}

/** Drops every arrangement and releases the holds a test left closed (after each test). */
export function resetArrangements(): void {
  arrangements.length = 0;
  for (const release of openHolds) release();
  openHolds.clear();
}
