/**
 * The test databases start from a template (tests/support/pglite-template.ts): a copy of it must
 * be the database the migrations and the seed make, object for object and row for row.
 */
import { describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../../local/db/database.ts';
import { migrate } from '../../../local/db/migrate.ts';
import { buildTemplate, migratedTemplate } from '../../support/pglite-template.ts';

/** Every schema object the migrations make, and what the seed writes, as comparable text. */
async function fingerprint(db: Database): Promise<Record<string, unknown>> {
  const one = async (sql: string) => (await db.query<{ v: unknown }>(sql)).rows[0]?.v;
  return {
    relations:
      await one(`select string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relrowsecurity::text, ',' order by 1)
                            as v from pg_class c join pg_namespace n on n.oid = c.relnamespace
                           where n.nspname in ('public', 'auth', 'supabase_migrations')`),
    policies: await one(
      `select string_agg(schemaname || '.' || tablename || '.' || policyname, ',' order by 1) as v from pg_policies`,
    ),
    triggers: await one(`select string_agg(tgname, ',' order by 1) as v from pg_trigger where not tgisinternal`),
    functions: await one(`select string_agg(p.proname, ',' order by 1) as v from pg_proc p
                            join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'auth')`),
    migrations: await one(
      `select string_agg(version, ',' order by version) as v from supabase_migrations.schema_migrations`,
    ),
    seeded:
      await one(`select (select count(*) from public.clinics) || '/' || (select count(*) from auth.users) || '/' ||
                              (select count(*) from public.appointments) as v`),
  };
}

describe('the PGlite test template', () => {
  it('when copied, then it is the database the migrations make, and with the seed the one they and the seed make', async () => {
    // One database migrated here is the reference for both templates: as the migrations leave it,
    // then seeded. The seeded template is built here rather than taken from the cache: the seed's
    // dates follow now(), so both sides are seeded within seconds of each other.
    const migrated = await openPglite(undefined);
    const copied = await openPglite(undefined, await migratedTemplate(false));
    const copiedSeeded = await openPglite(undefined, await buildTemplate(true));
    try {
      await migrate(migrated, { seed: false });
      const expected = await fingerprint(migrated);
      expect(expected.migrations).toBeTruthy();
      expect(expected.seeded).toBe('0/0/0');
      expect(await fingerprint(copied)).toEqual(expected);

      expect(await migrate(migrated, { seed: true })).toEqual({ applied: [], seeded: true });
      const expectedSeeded = await fingerprint(migrated);
      expect(expectedSeeded.seeded).not.toBe('0/0/0');
      expect(await fingerprint(copiedSeeded)).toEqual(expectedSeeded);

      // Nothing left for the stack to do on a copy.
      expect(await migrate(copied, { seed: false })).toEqual({ applied: [], seeded: false });
      expect(await migrate(copiedSeeded, { seed: true })).toEqual({ applied: [], seeded: false });
    } finally {
      await Promise.all([migrated.close(), copied.close(), copiedSeeded.close()]);
    }
    // Two databases are migrated (one also seeded) here: a minute on a busy two-core machine.
  }, 240_000);
});

describe('migrate on a database of other migrations', () => {
  it('when it records a version with no file, then it stops with what to do and changes nothing', async () => {
    // A data folder made before the migrations were squashed into the baseline records their versions.
    const db = await openPglite(undefined, await migratedTemplate(false));
    try {
      await db.exec(
        `insert into supabase_migrations.schema_migrations (version, name) values ('20261121000100', 'schema')`,
      );
      const before = await fingerprint(db);

      const refused = migrate(db, { seed: true });

      await expect(refused).rejects.toThrow(/recorded versions 20261121000100\)/);
      await expect(refused).rejects.toThrow(/delete its data folder \(DATA_DIR, `\.data` by default\)/);
      expect(await fingerprint(db)).toEqual(before);
      expect(before.seeded).toBe('0/0/0');
    } finally {
      await db.close();
    }
  });
});
