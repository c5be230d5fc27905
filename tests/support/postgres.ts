import { randomUUID } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../local/db/database.ts';
import { migrate } from '../../local/db/migrate.ts';
import { contentKey } from './pglite-template.ts';

/** The machine's PostgreSQL for the "real server" target, when TEST_DATABASE_URL names one. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * Says once per test run (every file runs in its own worker, so a marker file keeps it to one
 * line) that the real-PostgreSQL target was skipped, so a green run can't hide it.
 */
export function announcePostgresTarget(suite: string) {
  if (testDatabaseUrl) return;
  try {
    closeSync(openSync(path.join(tmpdir(), `ngiti-postgres-target-skipped-${process.ppid}`), 'wx'));
  } catch {
    return;
  }
  console.info(`[${suite}] TEST_DATABASE_URL is not set: the real PostgreSQL target was skipped (PGlite only).`);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const TEMPLATE_PREFIX = 'ngiti_template_';

/**
 * The name of a migrated (and, with `seed`, seeded) database on the server, made once for the
 * content of the platform script, the migrations and the seed (the key of the PGlite template),
 * for `create database … template` to copy: a copy takes a fraction of a second, migrating a
 * new database a few CPU seconds. Test processes building it at once wait for one another on an
 * advisory lock; a build is renamed into place only when whole.
 */
async function migratedTemplateDatabase(serverUrl: string, seed: boolean): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${seed ? 'seeded_' : ''}${await contentKey(seed)}`;
  return asAdmin(serverUrl, async (admin) => {
    await admin.query(`select pg_advisory_lock(hashtext($1))`, [TEMPLATE_PREFIX]);
    try {
      const { rowCount } = await admin.query('select from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const db = await openPostgres(databaseUrl(serverUrl, partial));
      try {
        await migrate(db, { seed });
      } finally {
        await db.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
      // The templates of earlier contents of the same kind, unless a run is copying one right now.
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 and datname <> $2 and datname not like '%_partial'`,
        [`${TEMPLATE_PREFIX}${seed ? 'seeded_' : ''}________________`, name],
      );
      for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname}`).catch(() => {});
      return name;
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext($1))`, [TEMPLATE_PREFIX]);
    }
  });
}

/**
 * A throwaway database on the TEST_DATABASE_URL server; `drop()` removes it. With `migrated`, a
 * copy of the migrated template (seeded or not) rather than an empty database.
 */
export async function createScratchDatabase(
  serverUrl: string,
  options: { migrated?: { seed: boolean } } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ngiti_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const template = options.migrated ? await migratedTemplateDatabase(serverUrl, options.migrated.seed) : undefined;
  await asAdmin(serverUrl, (admin) => admin.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      await asAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}
