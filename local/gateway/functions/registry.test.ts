import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../db/migrate.ts';
import { assertEveryFunctionServed, deployedFunctionNames, FUNCTION_HANDLERS } from './registry.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A functions folder with a Deno entry for each name, and `_shared` beside them. */
async function functionsFolder(names: string[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ngiti-functions-'));
  made.push(dir);
  for (const name of [...names, '_shared']) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'index.ts'), '');
  }
  return dir;
}

describe('the edge functions the local stack serves', () => {
  it('has a handler for every function in supabase/functions, and none other', () => {
    const deployed = deployedFunctionNames(path.join(repoRoot, 'supabase/functions'));
    expect(deployed).toEqual(['create-user', 'delete-user']);
    expect([...FUNCTION_HANDLERS.keys()].sort()).toEqual(deployed);
    for (const handler of FUNCTION_HANDLERS.values()) expect(typeof handler).toBe('function');
  });

  it('when a deployed function has no handler, then the stack refuses to start, naming it in one line', async () => {
    const dir = await functionsFolder(['create-user', 'delete-user', 'send-invoice']);
    expect(() => assertEveryFunctionServed(dir)).toThrow(
      /^edge function supabase\/functions\/send-invoice has no handler in local\/gateway\/functions\/registry\.ts$/,
    );
  });

  it('when a folder has no Deno entry (index.ts) or is _shared, then it is not a function', async () => {
    const dir = await functionsFolder(['create-user', 'delete-user']);
    await mkdir(path.join(dir, 'notes'));
    expect(deployedFunctionNames(dir)).toEqual(['create-user', 'delete-user']);
    expect(() => assertEveryFunctionServed(dir)).not.toThrow();
  });
});
