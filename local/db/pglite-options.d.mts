import type { PGlite } from '@electric-sql/pglite';

/** The extensions the migrations create (Supabase has them). */
export const PGLITE_EXTENSIONS: NonNullable<Parameters<typeof PGlite.create>[0]>['extensions'];

/** PGlite's own start parameters with a 16 MB buffer pool instead of Postgres' 128 MB. */
export const PGLITE_START_PARAMS: string[];

/** PGlite on `dataDir` (in memory when undefined) with those, in UTC; `template` a data directory's tarball. */
export function createPglite(options: {
  dataDir: string | undefined;
  wasmModule: WebAssembly.Module;
  template?: Blob;
}): Promise<PGlite>;
