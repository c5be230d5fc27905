/**
 * Migrated PGlite databases for tests, from a template: a fresh PGlite runs initdb and the
 * migrations; loading a tarball of one already migrated takes a fraction of that. The
 * template is built once per content of the platform script, the migrations and the seed (and
 * PGlite's version), shared by every test process through a file in the temp directory. The demo
 * seed's dates follow now(), so a seeded template is also keyed by the hour it was built in: a run
 * (or a CI run on the same machine, days later) never starts from demo data of another day.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPglite } from '../../local/db/database.ts';
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

const building = new Map<boolean, Promise<string>>();
const reading = new Map<boolean, Promise<Blob>>();

/**
 * The file of the tarball of a migrated (and, with `seed`, seeded) PGlite data directory, built
 * when no process of this machine has built it for this content yet.
 */
export function templateFile(seed: boolean): Promise<string> {
  let file = building.get(seed);
  if (!file) {
    file = fileOrBuild(seed);
    building.set(seed, file);
  }
  return file;
}

/** The tarball of a migrated (and, with `seed`, seeded) PGlite data directory. */
export function migratedTemplate(seed: boolean): Promise<Blob> {
  let template = reading.get(seed);
  if (!template) {
    template = templateFile(seed).then(async (file) => new Blob([await readFile(file)]));
    reading.set(seed, template);
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

/** A template's file is `<prefix><content key>.tar`; one being written ends `.<pid>.partial`. */
const TEMPLATE_PREFIX = 'ngiti-pglite-template-';
const TEMPLATE_SUFFIX = '.tar';

async function fileOrBuild(seed: boolean): Promise<string> {
  const file = path.join(tmpdir(), `${TEMPLATE_PREFIX}${await contentKey(seed)}${TEMPLATE_SUFFIX}`);
  if (existsSync(file)) {
    // Marks it used now, so no other process takes it for stale while this run uses it.
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return file;
  }
  const tarball = await buildTemplate(seed);
  // Written whole, then renamed: a process that finds the file finds all of it.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
  await rename(partial, file);
  await removeStaleTemplates(path.dirname(file));
  return file;
}

/** Longer than any run: a template a run uses was built or marked used since it began. */
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

/**
 * Removes the templates no process has built or used for three hours (other contents, past hours). The
 * temp directory may be in memory (tests/support/memory-tmpdir.ts), where a tarball a migration
 * change left behind would hold 45 MB of RAM until the machine restarts.
 */
export async function removeStaleTemplates(dir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    if (!name.startsWith(TEMPLATE_PREFIX) || !name.endsWith(TEMPLATE_SUFFIX)) continue;
    const file = path.join(dir, name);
    const built = await stat(file).catch(() => undefined);
    if (built && now - built.mtimeMs > STALE_AFTER_MS) await rm(file, { force: true });
  }
}

/**
 * Fills an empty data directory from the template: the stack then opens it already migrated. The
 * tarball is the data directory's files (dumpDataDir), so they are unpacked as they are, which
 * takes a tenth of the time (and CPU) of a PGlite started only to load them.
 */
export async function prepareDataDir(dataDir: string, seed: boolean): Promise<void> {
  await promisify(execFile)('tar', ['-xf', await templateFile(seed), '-C', dataDir]);
}
