import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { createPglite } from './pglite-options.mjs';
import { pgliteWasmModule } from './pglite-wasm.ts';

export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/** One connection's worth of querying: the whole database, or the inside of a transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements, without parameters. */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Ends any statement of the transaction that runs longer (Postgres' statement_timeout, SQLSTATE
   * 57014). On a server it is `set local statement_timeout`; PGlite in its worker thread enforces
   * it itself; the in-process PGlite of tests and scripts ignores it.
   */
  statementTimeoutMs?: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN on `channel` (in-process with PGlite, a dedicated connection on a server). */
  /** `onReconnect` runs when a lost LISTEN connection listens again (PostgreSQL; PGlite never loses it). */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PGlite's errors carry the statement and its bound values (`query`, `params`, `queryOptions`),
 * which pg's do not: hidden, so that no log or inspected error prints a password hash or a
 * patient's message. Postgres' own fields (`code`, `detail`, …) stay for the gateway's answers.
 */
function withoutBoundValues(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  for (const field of ['query', 'params', 'queryOptions']) {
    if (Object.prototype.propertyIsEnumerable.call(error, field)) {
      Object.defineProperty(error, field, { enumerable: false });
    }
  }
  return error;
}

export interface PgliteDatabase extends Database {
  readonly kind: 'pglite';
  /** A tarball of the data directory, to start other databases from (tests). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Postgres compiled to WASM, persisted in `dataDir` (in memory when undefined); `template`, a
 * tarball of a data directory (dumpDataDir), is what an in-memory or empty one starts from.
 */
export async function openPglite(dataDir: string | undefined, template?: Blob): Promise<PgliteDatabase> {
  const db = await createPglite({ dataDir, wasmModule: await pgliteWasmModule(), template });
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      try {
        const result = await target.query<Row>(sql, params);
        return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
      } catch (error) {
        throw withoutBoundValues(error);
      }
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('none'),
  };
}

/** A real PostgreSQL server; `connectionString` must name a superuser (it creates roles). */
export async function openPostgres(connectionString: string): Promise<Database> {
  // The pg driver loads only for a server: the PGlite start does not pay for it.
  const { inPgTransaction, listenOnDedicatedConnection, openPgPool, pgSqlClient } = await import('../../server/db.ts');
  const pool = await openPgPool(connectionString, () => undefined);
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    ...pgSqlClient(client),
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: (work, options = {}) =>
      inPgTransaction(pool, async (client) => {
        if (options.statementTimeoutMs !== undefined)
          await client.query(`select set_config('statement_timeout', $1, true)`, [`${options.statementTimeoutMs}ms`]);
        return work(wrap(client));
      }),
    listen: (channel, onNotify, onReconnect) =>
      listenOnDedicatedConnection(connectionString, channel, onNotify, undefined, onReconnect),
    close: () => pool.end(),
  };
}

/**
 * The stack's database: a PostgreSQL server, or PGlite persisted in `dataDir` in a worker thread
 * (local/db/pglite-thread.ts), so that no statement blocks the HTTP server; in memory (no
 * `dataDir`, nothing to reopen after a statement timeout) in this thread.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  onRestart?: (reason: string) => void;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  if (!options.dataDir) return openPglite(undefined);
  const { openPgliteThread } = await import('./pglite-thread.ts');
  return openPgliteThread(options.dataDir, { onRestart: options.onRestart });
}
