// How every PGlite of the stack opens: in this process (local/db/database.ts) and in the worker
// thread (local/db/pglite-worker.mjs). Plain JavaScript for the same reason as the worker: it is
// loaded by path at run time, also from the esbuild bundle of `npm start`.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/** The extensions the migrations create (Supabase has them). */
const PGLITE_EXTENSIONS = { btree_gist, pgcrypto, pg_trgm };

/**
 * PGlite's own start parameters with a 16 MB buffer pool instead of Postgres' 128 MB. PGlite
 * touches the whole pool as it starts, so the larger one cost every open about 30,000 fresh pages
 * of memory, a third of its time; the data files are in the operating system's cache anyway, so a
 * block the pool has dropped is read back from memory.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens PGlite on `dataDir` (in memory when undefined) with those extensions and parameters, from
 * the compiled `wasmModule`, in UTC as Supabase's database is. `template`, a tarball of a data
 * directory, is what an in-memory or empty one starts from.
 */
export async function createPglite({ dataDir, wasmModule, template }) {
  const db = await PGlite.create({
    dataDir,
    pgliteWasmModule: wasmModule,
    extensions: PGLITE_EXTENSIONS,
    startParams: PGLITE_START_PARAMS,
    ...(template ? { loadDataDir: template } : {}),
  });
  await db.exec(`set timezone = 'UTC'`);
  return db;
}
