/**
 * The data layer of the SPA's component tests: the gateway (`/rest/v1`, `/auth/v1`,
 * `/functions/v1`, the same app `npm start` serves) over an in-memory PGlite started from the
 * migrated template, on a free port. The notification service is not mounted: component tests
 * answer its requests with MSW handlers of their own.
 *
 * One stack serves one test file after another (./pool.ts): `renew()` between two files gives the
 * next one what a stack of its own would have, a database as the migrations left it and a gateway
 * with nothing in memory (the auth rate limiters, the dev mailbox).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../../local/config.ts';
import { openPglite, type PgliteDatabase } from '../../../local/db/database.ts';
import { createGateway } from '../../../local/gateway/app.ts';
import { DevMailbox } from '../../../local/gateway/mailbox.ts';
import { createLogger } from '../../../local/logger.ts';

export interface ComponentStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: PgliteDatabase;
  /** Every table of the app and of the auth server emptied, every sequence back at 1 (before each test). */
  reset(): Promise<void>;
  /**
   * Makes the stack as new for the next file: the previous file's connections closed, a new gateway
   * (its rate limiters and mailbox are in memory), the database reset.
   */
  renew(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The statement that empties every table of the app (public and private) and of the auth server and restarts every
 * sequence, except the tables the migrations themselves fill (the role → permission table): those
 * rows are the schema's own, not a test's. DELETE in replica mode (no triggers, so no foreign-key
 * checks and no audit-log refusal) rather than TRUNCATE: PGlite gives a truncated table and each of
 * its indexes new files, which took ten times as long for the few rows a test leaves. Made once, at
 * the start, while the database is as the migrations left it: a file that used the stack before
 * leaves rows behind.
 */
async function resetStatement(db: PgliteDatabase): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name
       from pg_catalog.pg_tables where schemaname in ('public', 'private', 'auth') order by 1`,
  );
  const statements: string[] = [];
  for (const { name } of tables) {
    const { rows } = await db.query<{ filled: boolean }>(`select exists (select from ${name}) as filled`);
    if (!rows[0]!.filled) statements.push(`delete from ${name};`);
  }
  const { rows: sequences } = await db.query<{ statement: string }>(
    `select format('select setval(%L, 1, false);', format('%I.%I', schemaname, sequencename)) as statement
       from pg_catalog.pg_sequences where schemaname in ('public', 'private', 'auth')`,
  );
  return `begin;
    set local session_replication_role = replica;
    ${[...statements, ...sequences.map((row) => row.statement)].join('\n')}
    commit;`;
}

export async function startComponentStack(template: Blob): Promise<ComponentStack> {
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const db = await openPglite(undefined, template);
  const reset = await resetStatement(db);
  // Each gateway has rate limiters of its own; its mailbox is made here.
  const gateway = async () =>
    (await createGateway({ db, config, mailbox: new DevMailbox(), logger: createLogger('silent') })).app;
  let app = await gateway();
  const server = createServer((req, res) => app(req, res));
  // Longer than undici's own idle timeout (4 s), so the client always drops an idle connection
  // first: a server closing one just as the next request reuses it fails that request.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    db,
    reset: () => db.exec(reset),
    async renew() {
      app = await gateway();
      // As a stack of the file's own closed them when the file ended.
      server.closeAllConnections();
      await db.exec(reset);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
