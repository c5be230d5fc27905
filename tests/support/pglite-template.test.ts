import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeStaleTemplates } from './pglite-template.ts';

describe('removeStaleTemplates', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ngiti-template-cleanup-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function file(name: string, hoursAgo: number) {
    await writeFile(path.join(dir, name), 'x');
    const at = new Date(Date.now() - hoursAgo * 60 * 60 * 1000);
    await utimes(path.join(dir, name), at, at);
  }

  it('removes the templates unused for over three hours and nothing else', async () => {
    await file('ngiti-pglite-template-0123456789abcdef.tar', 5);
    await file('ngiti-pglite-template-fedcba9876543210.tar', 2);
    await file('ngiti-pglite-template-0123456789abcdef.tar.123.partial', 5);
    await file('someone-elses.tar', 5);

    await removeStaleTemplates(dir);

    expect((await readdir(dir)).sort()).toEqual([
      'ngiti-pglite-template-0123456789abcdef.tar.123.partial',
      'ngiti-pglite-template-fedcba9876543210.tar',
      'someone-elses.tar',
    ]);
  });
});
