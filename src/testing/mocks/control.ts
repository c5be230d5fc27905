/**
 * What a test arranges beyond the data: answers for database functions (RPC), the next request to
 * fail or to wait, and the problems (unhandled or unsupported requests) that fail the test.
 */
import type { Database } from '@/lib/database.types';
import { pgError, PgError, type PostgrestErrorBody } from './errors';
import type { FunctionName, TableName } from './schema';
import type { ViewName } from './views';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Which requests an arrangement applies to: a table or view, or a function (RPC), and optionally a method. */
export type RequestMatch =
  | { method?: HttpMethod; table: TableName | ViewName; rpc?: never }
  | { method?: HttpMethod; rpc: FunctionName | (string & {}); table?: never };

/** What a request is, as the arrangements see it. */
export interface RequestTarget {
  method: string;
  table?: string;
  rpc?: string;
}

/** How a request fails: a PostgREST error (`pgError(…)` or its fields), or 'network' (no answer at all). */
export type Failure = PgError | (Partial<PostgrestErrorBody> & { code: string; status?: number }) | 'network';

const matches = (match: RequestMatch, target: RequestTarget) =>
  (match.method === undefined || match.method === target.method) &&
  (match.table !== undefined ? match.table === target.table : match.rpc === target.rpc);

// ---- failures -------------------------------------------------------------------------------

const failures: { match: RequestMatch; failure: Failure; remaining: number }[] = [];

/**
 * The next request matching `match` fails with `failure` (by default a 500 XX000), or the next
 * `times` ones. Each request consumes the first arrangement that matches it.
 */
export function failNext(
  match: RequestMatch,
  failure: Failure = pgError('XX000', 'internal error'),
  options: { times?: number } = {},
): void {
  failures.push({ match, failure, remaining: options.times ?? 1 });
}

/** The failure this request meets, if one was arranged (consumed). */
export function takeFailure(target: RequestTarget): PgError | 'network' | undefined {
  const index = failures.findIndex((entry) => matches(entry.match, target));
  if (index < 0) return undefined;
  const entry = failures[index]!;
  entry.remaining -= 1;
  if (entry.remaining <= 0) failures.splice(index, 1);
  const { failure } = entry;
  if (failure === 'network' || failure instanceof PgError) return failure;
  const { code, message, details, hint, status } = failure;
  return pgError(code, message, { details, hint, status });
}

// ---- holds ----------------------------------------------------------------------------------

export interface Hold {
  /** Lets the held request go on (it is then answered as usual, or fails if so arranged). */
  release(): void;
  /** Settles once a request has reached the hold. */
  reached: Promise<void>;
}

const holds: { match: RequestMatch; arrived: () => void; released: Promise<void>; release: () => void }[] = [];
const pendingReleases = new Set<() => void>();

/**
 * The next request matching `match` waits until `release()` (to see "Saving…", or to prove a
 * second click sends nothing). Every hold still closed is released when the test ends.
 */
export function holdNext(match: RequestMatch): Hold {
  let release!: () => void;
  let arrived!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const entry = { match, arrived, released, release };
  holds.push(entry);
  pendingReleases.add(release);
  return {
    release: () => {
      pendingReleases.delete(release);
      release();
    },
    reached,
  };
}

/** Waits if a hold was arranged for this request (consumed). */
export async function passHold(target: RequestTarget): Promise<void> {
  const index = holds.findIndex((entry) => matches(entry.match, target));
  if (index < 0) return;
  const [entry] = holds.splice(index, 1);
  entry!.arrived();
  await entry!.released;
}

// ---- database functions ---------------------------------------------------------------------

type Functions = Database['public']['Functions'];

export interface RpcContext {
  request: Request;
}

/** Answers a call of a database function; throw `pgError(…)` to fail it (its writes roll back). */
export type RpcHandler<F extends string> = (
  args: F extends FunctionName ? Functions[F]['Args'] : Record<string, unknown>,
  context: RpcContext,
) => unknown;

const rpcHandlers = new Map<string, RpcHandler<string>>();

/**
 * How the database function `name` answers for the rest of the test: the handler gets the call's
 * arguments, may read and write `db`, and returns the function's result (undefined: no content).
 */
export function mockRpc<F extends FunctionName | (string & {})>(name: F, handler: RpcHandler<F>): void {
  rpcHandlers.set(name, handler as RpcHandler<string>);
}

export const rpcHandlerFor = (name: string) => rpcHandlers.get(name);

// ---- problems -------------------------------------------------------------------------------

const problems: string[] = [];

/** Something a test did that the mock could not answer faithfully; the test fails when it ends. */
export function reportProblem(problem: string): void {
  problems.push(problem);
}

/** Clears every arrangement (releasing held requests) and returns the problems seen. */
export function resetControls(): string[] {
  failures.length = 0;
  holds.length = 0;
  for (const release of pendingReleases) release();
  pendingReleases.clear();
  rpcHandlers.clear();
  return problems.splice(0);
}
