/**
 * Migrated PGlite databases for tests, from a template: a fresh PGlite runs initdb (about 3 s) and
 * the migrations (1.5 s more); loading a tarball of one already migrated takes about 1 s. The
 * template is built once per content of the platform script, the migrations and the seed (and
 * PGlite's version), shared by every test process through a file in the temp directory. The demo
 * seed's dates follow now(), so a seeded template is also keyed by the hour it was built in: a run
 * (or a CI run on the same machine, days later) never starts from demo data of another day.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_EXTENSIONS } from '../../local/db/database.ts';
import { migrate, repoRoot } from '../../local/db/migrate.ts';

export async function contentKey(seed: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\nseed ${seed}\n`);
  if (seed) hash.update(`built in hour ${new Date().toISOString().slice(0, 13)}\n`);
  const migrations = path.join(repoRoot, 'supabase/migrations');
  const files = [
    path.join(repoRoot, 'local/db/platform.sql'),
    ...(await readdir(migrations))
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => path.join(migrations, file)),
    ...(seed ? [path.join(repoRoot, 'supabase/seed.sql')] : []),
  ];
  for (const file of files) hash.update(`${path.basename(file)}\n`).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

const building = new Map<boolean, Promise<Blob>>();

/** The tarball of a migrated (and, with `seed`, seeded) PGlite data directory. */
export function migratedTemplate(seed: boolean): Promise<Blob> {
  let template = building.get(seed);
  if (!template) {
    template = loadOrBuild(seed);
    building.set(seed, template);
  }
  return template;
}

/** A template built now, bypassing the cache (what the cache stores). */
export async function buildTemplate(seed: boolean): Promise<Blob> {
  const db = await openPglite(undefined);
  try {
    await migrate(db, { seed });
    return await db.dumpDataDir();
  } finally {
    await db.close();
  }
}

async function loadOrBuild(seed: boolean): Promise<Blob> {
  const file = path.join(tmpdir(), `ngiti-pglite-template-${await contentKey(seed)}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const tarball = await buildTemplate(seed);
  // Written whole, then renamed: a process that finds the file finds all of it.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
  await rename(partial, file);
  return tarball;
}

/** Fills an empty data directory from the template (the stack then opens it already migrated). */
export async function prepareDataDir(dataDir: string, seed: boolean): Promise<void> {
  const prepared = await PGlite.create({
    dataDir,
    loadDataDir: await migratedTemplate(seed),
    extensions: PGLITE_EXTENSIONS,
  });
  await prepared.close();
}
