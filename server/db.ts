import pg from 'pg';
import type { Logger } from 'pino';
import type { ServiceDatabase, SqlClient } from './contracts';

export interface ClosableServiceDatabase extends ServiceDatabase {
  close(): Promise<void>;
}

function wrap(client: pg.Pool | pg.PoolClient): SqlClient {
  return {
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
  };
}

/**
 * The service's connection to the clinic database in production: a pg Pool on DATABASE_URL (a
 * role that bypasses RLS, e.g. Supabase's `postgres`; every route checks its caller itself), in
 * UTC, plus one dedicated connection per LISTEN channel that reconnects after a drop.
 */
export async function openServiceDatabase(connectionString: string, logger: Logger): Promise<ClosableServiceDatabase> {
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c TimeZone=UTC' });
  // An idle connection the server drops must not crash the process; the pool opens a new one.
  pool.on('error', (error) => logger.warn({ err: error.message }, 'idle database connection dropped'));
  await pool.query('select 1');
  const listeners = new Set<() => Promise<void>>();

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      const stop = await listenOnDedicatedConnection(connectionString, channel, onNotify, logger);
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
 * connection is reopened after a second, so the change feed survives a database restart.
 */
async function listenOnDedicatedConnection(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  logger: Logger,
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
      logger.warn({ err: error.message, channel }, 'LISTEN connection lost; reconnecting');
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
      connect().catch((error: unknown) => {
        logger.warn(
          { err: error instanceof Error ? error.message : String(error), channel },
          'LISTEN reconnect failed',
        );
        scheduleReconnect();
      });
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
