import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleReason } from '../../scripts/spa-build.mjs';
import { buildStackBundle, cacheFiles, cachedBundle, staleBundleReason } from '../../scripts/stack-bundle.mjs';

const launcher = pathToFileURL(fileURLToPath(new URL('../../scripts/stack-bundle.mjs', import.meta.url))).href;
/**
 * Fixed instants long past. Every file gets one: a bundle records only inputs older than its build
 * (a file saved while esbuild reads may be missing from it), and a test may build right after a write.
 */
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const LATER = new Date('2021-01-01T00:00:00Z');

let root: string;

function write(file: string, text: string, modified = LONG_AGO) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  utimesSync(path.join(root, file), modified, modified);
}

/** A checkout in miniature: an entry importing a sibling, a tsconfig path alias, a module loaded on demand and a data file. */
function writeCheckout() {
  write('package.json', '{ "type": "module" }');
  write('package-lock.json', '{}');
  write('tsconfig.json', '{ "compilerOptions": { "baseUrl": ".", "paths": { "@common/*": ["./common/*"] } } }');
  write('common/shared.ts', "export const shared: string = 'shared';\n");
  write('local/helper.ts', "export const helper = (): string => 'one';\n");
  write('local/helper.test.ts', '// not imported by the entry\n');
  write('local/data.txt', 'data next to the source');
  write('local/later.ts', 'export const laterUrl: string = import.meta.url;\n');
  write(
    'local/start.ts',
    [
      "import { readFileSync } from 'node:fs';",
      "import { shared } from '@common/shared.ts';",
      "import { helper } from './helper.ts';",
      'export async function main(): Promise<void> {',
      "  const data = readFileSync(new URL('./data.txt', import.meta.url), 'utf8');",
      "  const { laterUrl } = await import('./later.ts');",
      '  console.log(JSON.stringify({ helper: helper(), shared, url: import.meta.url, data, laterUrl }));',
      '}',
      '',
    ].join('\n'),
  );
}

/** Runs `importStack` of the checkout on plain Node, then the entry's main(). */
function start(options = '{}') {
  const script = `const { importStack } = await import(${JSON.stringify(launcher)});
    const stack = await importStack(${JSON.stringify(root)}, ${options});
    await stack.main();`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return { printed: JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, string>, stderr: run.stderr };
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ngiti-stack-bundle-'));
  writeCheckout();
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the cached bundle of the local stack', () => {
  it('when nothing was bundled yet, then it is stale; once built, it is current', async () => {
    expect(staleBundleReason(root)).toBe('no server bundle yet');
    const bundle = await buildStackBundle(root);
    expect(bundle.startsWith(cacheFiles(root).dir)).toBe(true);
    expect(cachedBundle(root)).toBe(bundle);
    expect(staleBundleReason(root)).toBeNull();
  });

  it('when the bundle runs, then import.meta.url names each module’s source file, and imports resolve as in the sources', async () => {
    await buildStackBundle(root);
    const { printed, stderr } = start();
    expect(printed).toEqual({
      helper: 'one',
      shared: 'shared',
      url: pathToFileURL(path.join(root, 'local/start.ts')).href,
      data: 'data next to the source',
      laterUrl: pathToFileURL(path.join(root, 'local/later.ts')).href,
    });
    expect(stderr).toBe('');
  });

  it('when an imported source changes, then the bundle is stale and the next start runs the new code', async () => {
    await buildStackBundle(root);
    write('local/helper.ts', "export const helper = (): string => 'two, edited';\n", LATER);
    expect(staleBundleReason(root)).toBe('local/helper.ts changed');
    expect(start().printed.helper).toBe('two, edited');
    expect(staleBundleReason(root)).toBeNull();
  });

  it('when only the modification time of an imported source changes, then the bundle is stale', async () => {
    await buildStackBundle(root);
    utimesSync(path.join(root, 'common/shared.ts'), LATER, LATER);
    expect(staleBundleReason(root)).toBe('common/shared.ts changed');
  });

  it('when an imported source is removed, then the bundle is stale', async () => {
    await buildStackBundle(root);
    rmSync(path.join(root, 'local/helper.ts'));
    expect(staleBundleReason(root)).toBe('local/helper.ts was removed');
  });

  it('when the lock file or the tsconfig changes, then the bundle is stale', async () => {
    await buildStackBundle(root);
    write('package-lock.json', '{ "lockfileVersion": 3 }', LATER);
    expect(staleBundleReason(root)).toBe('package-lock.json changed');
    await buildStackBundle(root);
    utimesSync(path.join(root, 'tsconfig.json'), LATER, LATER);
    expect(staleBundleReason(root)).toBe('tsconfig.json changed');
  });

  it('when a file the entry does not import changes, then the bundle stays current', async () => {
    await buildStackBundle(root);
    write('local/helper.test.ts', '// edited, still not imported\n', LATER);
    write('local/unrelated.ts', 'export {};\n', LATER);
    expect(staleBundleReason(root)).toBeNull();
  });

  it('when the bundle is current, then a start uses it without building', async () => {
    await buildStackBundle(root);
    const { printed, stderr } = start("{ buildBundle: () => Promise.reject(new Error('must not build')) }");
    expect(printed.helper).toBe('one');
    expect(stderr).toBe('');
  });

  it('when the bundle cannot be built, then the start goes through tsx instead', () => {
    const { printed, stderr } = start("{ buildBundle: () => Promise.reject(new Error('no esbuild here')) }");
    expect(stderr).toContain('Could not bundle the server (no esbuild here); starting it through tsx.');
    expect(printed).toMatchObject({ helper: 'one', url: pathToFileURL(path.join(root, 'local/start.ts')).href });
  });

  it('when a rebuild replaces the bundle, then only the current and the previous one are kept', async () => {
    const first = await buildStackBundle(root);
    write('local/helper.ts', "export const helper = (): string => 'two';\n", LATER);
    const second = await buildStackBundle(root);
    write('local/helper.ts', "export const helper = (): string => 'three';\n", new Date('2022-01-01T00:00:00Z'));
    const third = await buildStackBundle(root);
    const bundleOf = (entryFile: string) => path.basename(path.dirname(entryFile));
    const bundles = readdirSync(cacheFiles(root).dir).filter((file) => !file.endsWith('.json'));
    expect(bundles.sort()).toEqual([bundleOf(second), bundleOf(third)].sort());
    expect(bundles).not.toContain(bundleOf(first));
  });
});

describe('the staleness of the web app’s build', () => {
  function writeBuild() {
    write('src/main.tsx', 'export {};\n');
    write('index.html', '<div id="root"></div>');
    utimesSync(path.join(root, 'src'), LONG_AGO, LONG_AGO);
    write('dist/index.html', '<div id="root"></div>', LATER);
    write('dist/.vite/manifest.json', '{}', LATER);
  }

  it('when dist/ holds no build, then it must be built', () => {
    expect(staleReason(root)).toBe('no build in dist/ yet');
  });

  it('when no source is newer than the build, then it is current', () => {
    writeBuild();
    expect(staleReason(root)).toBeNull();
  });

  it('when a source under src/ is newer than the build, then it names src/', () => {
    writeBuild();
    const afterBuild = new Date('2022-01-01T00:00:00Z');
    utimesSync(path.join(root, 'src/main.tsx'), afterBuild, afterBuild);
    expect(staleReason(root)).toBe('src changed since the last build');
  });
});
