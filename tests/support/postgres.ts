import { randomUUID } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

/** A throwaway database on the TEST_DATABASE_URL server; `drop()` removes it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ngiti_test_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
