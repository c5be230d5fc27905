/**
 * A test process that ends without stopping its `npm start` (a crash, an unhandled rejection in a
 * global setup) takes that stack with it, rather than leaving it serving to no one.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../local/db/migrate.ts';

const STARTS_THEN_EXITS = `
import { startShippedStack } from './tests/support/shipped-stack.ts';
const stack = await startShippedStack({ logLabel: 'shipped-orphan' });
console.log('serving at ' + stack.url);
process.exit(1);
`;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe('startShippedStack', () => {
  it('when the process that started it exits without stop(), then the stack stops too', async () => {
    const script = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', STARTS_THEN_EXITS], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    script.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    script.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => script.once('exit', resolve));
    const url = /serving at (\S+)/.exec(printed)?.[1];
    expect(url, printed).toBeDefined();
    expect(code).toBe(1);
    await expect.poll(() => answers(url!), { timeout: 10_000 }).toBe(false);
  }, 180_000);
});
