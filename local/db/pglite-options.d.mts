import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite on `dataDir` (in memory when undefined) with the migrations' extensions and a 16 MB buffer
 * pool, in UTC; `template` is a data directory's tarball to start from.
 */
export function createPglite(options: {
  dataDir: string | undefined;
  wasmModule: WebAssembly.Module;
  template?: Blob;
}): Promise<PGlite>;
