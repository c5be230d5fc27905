import pg from 'pg';
import type { Logger } from 'pino';
import type { ServiceDatabase, SqlClient } from './contracts';

export interface ClosableServiceDatabase extends ServiceDatabase {
  close(): Promise<void>;
}

/** Queries through a pool (any free connection) or one checked-out connection. */
export function pgSqlClient(client: pg.Pool | pg.PoolClient): SqlClient {
  return {
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
  };
}

/**
 * A pool of up to ten connections, in UTC. An idle connection the server drops (restart, `drop
 * database ... with (force)`) must not crash the process: the pool discards it, reports it to
 * `onIdleError` and opens a new one for the next query.
 */
export async function openPgPool(connectionString: string, onIdleError: (error: Error) => void): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c TimeZone=UTC' });
  pool.on('error', onIdleError);
  await pool.query('select 1');
  return pool;
}

/** Runs `work` on one connection of the pool inside begin/commit, rolled back when it throws. */
export async function inPgTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The service's connection to the clinic database in production: a pg Pool on DATABASE_URL (a
 * role that bypasses RLS, e.g. Supabase's `postgres`; every route checks its caller itself), in
 * UTC, plus one dedicated connection per LISTEN channel that reconnects after a drop.
 */
export async function openServiceDatabase(connectionString: string, logger: Logger): Promise<ClosableServiceDatabase> {
  const pool = await openPgPool(connectionString, (error) =>
    logger.warn({ err: error.message }, 'idle database connection dropped'),
  );
  const listeners = new Set<() => Promise<void>>();

  return {
    kind: 'postgres',
    ...pgSqlClient(pool),
    transaction: (work) => inPgTransaction(pool, (client) => work(pgSqlClient(client))),
    async listen(channel, onNotify, onReconnect) {
      const stop = await listenOnDedicatedConnection(connectionString, channel, onNotify, logger, onReconnect);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A dropped
 * connection is reopened after a second, so the change feed survives a database restart; the
 * returned function stops listening. Losses and failed reconnects go to `logger` when given;
 * `onReconnect` runs once listening again after a loss (notices in between were missed).
 */
export async function listenOnDedicatedConnection(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  logger?: Pick<Logger, 'warn'>,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      if (stopped) return;
      logger?.warn({ err: error.message, channel }, 'LISTEN connection lost; reconnecting');
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => {
          if (!stopped) onReconnect?.();
        },
        (error: unknown) => {
          logger?.warn(
            { err: error instanceof Error ? error.message : String(error), channel },
            'LISTEN reconnect failed',
          );
          scheduleReconnect();
        },
      );
    }, 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
