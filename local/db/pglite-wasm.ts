import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's Postgres (its 9 MB `pglite.wasm`), compiled once per process. Every PGlite the process
 * opens (the stack's database thread, that thread reopened after a statement timeout, an
 * in-memory one) instantiates this module instead of compiling its own copy, which was about half
 * of what opening one cost. A worker thread receives it in its `workerData`.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const packageEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await readFile(path.join(path.dirname(packageEntry), 'pglite.wasm')));
  })();
  return compiled;
}
