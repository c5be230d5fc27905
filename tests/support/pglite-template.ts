/**
 * Migrated PGlite databases for tests, from a template: a fresh PGlite runs initdb (about 3 s) and
 * the migrations (1.5 s more); loading a tarball of one already migrated takes about 1 s. The
 * template is built once per content of the platform script, the migrations and the seed (and
 * PGlite's version), shared by every test process through a file in the temp directory.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, PGLITE_EXTENSIONS } from '../../local/db/database.ts';
import { migrate, repoRoot } from '../../local/db/migrate.ts';

async function contentKey(seed: boolean): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\nseed ${seed}\n`);
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

async function loadOrBuild(seed: boolean): Promise<Blob> {
  const file = path.join(tmpdir(), `ngiti-pglite-template-${await contentKey(seed)}.tar`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const db = await openPglite(undefined);
  let tarball: Blob;
  try {
    await migrate(db, { seed });
    tarball = await db.dumpDataDir();
  } finally {
    await db.close();
  }
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
