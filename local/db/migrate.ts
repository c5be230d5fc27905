import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
const migrationsDir = path.join(repoRoot, 'supabase/migrations');
const seedFile = path.join(repoRoot, 'supabase/seed.sql');

export interface MigrationReport {
  applied: string[];
  seeded: boolean;
}

/** Files named `<version>_<name>.sql`, in version order. */
export async function listMigrations(): Promise<{ version: string; name: string; file: string }[]> {
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must be <version>_<name>.sql: ${file}`);
    return { version: match[1]!, name: match[2]!, file: path.join(migrationsDir, file) };
  });
}

/**
 * Prepares the database: the Supabase platform pieces, then every migration not yet
 * recorded (each in its own transaction), then the demo data when the database holds
 * no clinic and no user yet.
 */
export async function migrate(db: Database, options: { seed: boolean }): Promise<MigrationReport> {
  // Checked first, so that a database this cannot bring up to date is left exactly as it was.
  const done = await recordedVersions(db);
  const migrations = await listMigrations();
  refuseUnknownVersions(done, migrations);
  const platform = await readFile(path.join(here, 'platform.sql'), 'utf8');
  // platform.sql is idempotent but not free (a second or more of a warm start on a busy machine):
  // the schema it creates remembers the hash of the text it ran, and the same text is not run again.
  const stamp = `platform sha256:${createHash('sha256').update(platform).digest('hex')}`;
  if ((await platformStamp(db)) !== stamp) {
    await applyPlatform(db, platform);
    await db.exec(`comment on schema supabase_migrations is '${stamp}'`);
  }
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    const sql = await readFile(migration.file, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
    applied.push(migration.version);
  }
  let seeded = false;
  if (options.seed && (await isEmpty(db))) {
    const seed = await readFile(seedFile, 'utf8');
    await db.transaction((tx) => tx.exec(seed));
    seeded = true;
  }
  return { applied, seeded };
}

/** The versions the database records as applied; none before platform.sql's first run. */
async function recordedVersions(db: Database): Promise<Set<string>> {
  const { rows: exists } = await db.query<{ found: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as found`,
  );
  if (!exists[0]?.found) return new Set();
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  return new Set(rows.map((row) => row.version));
}

/**
 * A database that records a version with no file was migrated by other migrations than these (the
 * history was squashed into a baseline since): applying the baseline on top would fail halfway, on
 * objects that already exist. Stop before touching anything, and say how to start again.
 */
function refuseUnknownVersions(done: Set<string>, migrations: { version: string }[]): void {
  const known = new Set(migrations.map((migration) => migration.version));
  const unknown = [...done].filter((version) => !known.has(version)).sort();
  if (unknown.length === 0) return;
  const listed =
    unknown.length > 3 ? `${unknown.slice(0, 3).join(', ')}, … (${unknown.length} in all)` : unknown.join(', ');
  throw new Error(
    `This database was made by migrations that no longer exist in supabase/migrations (recorded versions ${listed}). ` +
      'Nothing was changed. It cannot be brought up to date: start from a new database. For the local PGlite ' +
      'stack, stop it and delete its data folder (DATA_DIR, `.data` by default); the next `npm start` creates ' +
      'it again with fresh demo data. With DATABASE_URL, point it at a new, empty database.',
  );
}

/**
 * Roles are cluster-wide: databases of one server migrating at the same moment (parallel test
 * files) can race to create them ("duplicate key", "already exists", "tuple concurrently
 * updated"). platform.sql is idempotent, so the loser simply runs it again.
 */
async function applyPlatform(db: Database, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.exec(sql);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const raced = code === '23505' || code === '42710' || code === 'XX000';
      if (attempt >= 5 || !raced) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** The comment platform.sql's run left on its schema, or null before the first run. */
async function platformStamp(db: Database): Promise<string | null> {
  const { rows } = await db.query<{ stamp: string | null }>(
    `select obj_description(oid, 'pg_namespace') as stamp from pg_namespace where nspname = 'supabase_migrations'`,
  );
  return rows[0]?.stamp ?? null;
}

async function isEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>(
    'select not exists (select 1 from public.clinics) and not exists (select 1 from auth.users) as empty',
  );
  return rows[0]?.empty ?? false;
}
