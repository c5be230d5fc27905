import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite, type Queryable } from '../../../local/db/database.ts';
import { openPgliteThread } from '../../../local/db/pglite-thread.ts';
import { pgliteWasmModule } from '../../../local/db/pglite-wasm.ts';
import { migratedTemplate } from '../../support/pglite-template.ts';

describe('PGlite’s compiled WASM module', () => {
  it('is compiled once per process: every caller gets the same module', async () => {
    const [first, second] = await Promise.all([pgliteWasmModule(), pgliteWasmModule()]);
    expect(first).toBeInstanceOf(WebAssembly.Module);
    expect(second).toBe(first);
    expect(await pgliteWasmModule()).toBe(first);
  });

  it('runs the databases opened from it, each with its own data', async () => {
    const template = await migratedTemplate(false);
    const [one, two] = await Promise.all([openPglite(undefined, template), openPglite(undefined, template)]);
    try {
      await one.exec('create table only_here (n int); insert into only_here values (1)');
      expect((await one.query<{ n: number }>('select n from only_here')).rows).toEqual([{ n: 1 }]);
      await expect(two.query('select n from only_here')).rejects.toThrow(/only_here/);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('PGlite’s start parameters', () => {
  const settings = async (db: Queryable) =>
    (
      await db.query(
        `select current_setting('shared_buffers') as shared_buffers,
                current_setting('max_worker_processes') as max_worker_processes,
                current_setting('search_path') as search_path`,
      )
    ).rows[0];
  // Started from the migrated template, as the stacks are (an empty database would run initdb).
  // PGlite's own parameters (no background workers, search_path public) stay beside the smaller pool.
  const expected = { shared_buffers: '16MB', max_worker_processes: '0', search_path: 'public' };

  it('give the in-memory database a 16 MB buffer pool and keep PGlite’s own', async () => {
    const db = await openPglite(undefined, await migratedTemplate(false));
    try {
      expect(await settings(db)).toEqual(expected);
    } finally {
      await db.close();
    }
  });

  it('are the same for the stack’s database in its worker thread', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-start-params-'));
    const db = await openPgliteThread(dataDir, { template: await migratedTemplate(false) });
    try {
      expect(await settings(db)).toEqual(expected);
    } finally {
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
