import { describe, expect, it } from 'vitest';
import { openPglite } from '../../../local/db/database.ts';
import { pgliteWasmModule } from '../../../local/db/pglite-wasm.ts';

describe('PGlite’s compiled WASM module', () => {
  it('is compiled once per process: every caller gets the same module', async () => {
    const [first, second] = await Promise.all([pgliteWasmModule(), pgliteWasmModule()]);
    expect(first).toBeInstanceOf(WebAssembly.Module);
    expect(second).toBe(first);
    expect(await pgliteWasmModule()).toBe(first);
  });

  it('runs the databases opened from it, each with its own data', async () => {
    const [one, two] = await Promise.all([openPglite(undefined), openPglite(undefined)]);
    try {
      await one.exec('create table only_here (n int); insert into only_here values (1)');
      expect((await one.query<{ n: number }>('select n from only_here')).rows).toEqual([{ n: 1 }]);
      await expect(two.query('select n from only_here')).rejects.toThrow(/only_here/);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
