/**
 * PostgREST runs a function called by POST in a read-only transaction when the function is STABLE
 * or IMMUTABLE, and in a read-write one only when it is VOLATILE (its transactions reference,
 * "Access Mode on Functions"). The gateway does the same, so a stable function that writes (through
 * a volatile function it calls) fails here as it would on hosted Supabase: 25006, HTTP 405. The
 * functions are made before the gateway reads its schema cache, in a PostgreSQL database of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../local/db/database.ts';
import { migrate } from '../../../local/db/migrate.ts';
import { startStack, type RunningStack } from '../../../local/stack.ts';
import { announcePostgresTarget, createScratchDatabase, testDatabaseUrl } from '../../support/postgres.ts';

announcePostgresTarget('gateway-rpc-access-mode');

describe.skipIf(!testDatabaseUrl)('a function called by POST', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let stack: RunningStack;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!);
    const db = await openPostgres(scratch.url);
    await migrate(db, { seed: false });
    await db.query(`create table public.access_mode_probe (id bigint generated always as identity primary key)`);
    await db.query(
      `create function public.access_mode_probe_volatile() returns bigint language sql volatile
         set search_path = '' as $$ insert into public.access_mode_probe default values returning id $$`,
    );
    // Postgres refuses a write in a stable function's own body; one made through a volatile callee
    // is what only the transaction's access mode stops.
    await db.query(
      `create function public.access_mode_probe_stable() returns bigint language plpgsql stable
         set search_path = '' as $$ begin return public.access_mode_probe_volatile(); end $$`,
    );
    await db.close();
    stack = await startStack({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      DATABASE_URL: scratch.url,
    });
  });

  afterAll(async () => {
    await stack?.close();
    await scratch?.drop();
  });

  const call = async (name: string) => {
    const key = stack.config.serviceRoleKey;
    const response = await fetch(`${stack.url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('runs read-only when the function is stable: a write it makes is refused with 25006 (405)', async () => {
    const answer = await call('access_mode_probe_stable');
    expect(answer).toMatchObject({ status: 405, body: { code: '25006' } });
  });

  it('runs read-write when the function is volatile', async () => {
    expect(await call('access_mode_probe_volatile')).toEqual({ status: 200, body: expect.any(Number) });
  });
});
