import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { memoryTmpdir } from './tests/support/memory-tmpdir.ts';

// The run's temporary files (test stacks' data directories, the PGlite template, Chromium's
// profile) in memory when the machine has room there, unless TMPDIR says where: every worker and
// stack this process starts inherits it.
const memoryTmp = process.env.TMPDIR ? undefined : memoryTmpdir();
if (memoryTmp) process.env.TMPDIR = memoryTmp;

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

const alias = {
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/**
 * For a run of every project at once (`npx vitest run`; `npm test` runs each project in a pass of
 * its own, scripts/run-tests.mjs): the browser files first, then the node files, each longest first
 * (vitest's own order). The forks pool runs one project after the other, and the SPA's threads run
 * beside whichever goes first: the browser files spend much of their time waiting on the page, which
 * the SPA's CPU-bound files then fill, and the CPU-bound node files end the run with the cores to
 * themselves. The other way round (vitest's order on a clone without its results cache, largest
 * file first) the two CPU-bound projects shared the cores and the browser files ran alone, about a
 * minute longer on two cores.
 *
 * Among the node files, those that start a stack or a database (tests/integration, tests/start)
 * go before the unit files, which take a tenth of a second each and so fill the end best; and
 * first of all the few short files that migrate or reopen whole databases, which "largest first"
 * (a clone without the cache) started last, the other worker idle behind them for 8–15 s.
 */
const SHORT_FILES_OF_WHOLE_DATABASES = [
  'tests/integration/database/template.test.ts',
  'tests/integration/database/persistence.test.ts',
];
class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Lower runs earlier; a stable sort keeps vitest's own order within each rank.
    const rank = (file: TestSpecification) => {
      if (file.project.name === 'e2e') return 0;
      if (file.project.name !== 'node') return 3;
      const path = relative(repoRoot, file.moduleId);
      if (SHORT_FILES_OF_WHOLE_DATABASES.includes(path)) return 1;
      return /^tests\/(integration|start)\//.test(path) ? 2 : 3;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits on a condition, not a time: its default second was too short for a page on a
    // slow two-core machine running the other projects beside it (a Book button still disabled).
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // The forks pool reuses a worker process from file to file only when this root option says so
    // (`isolate: false` in a project alone still gave every file a new process): every node file
    // then imports the stack's modules once per worker instead of once per file. Such a pool runs
    // its projects one after the other, while the SPA project's threads run beside them.
    poolOptions: { forks: { isolate: false } },
    // Two files at a time per pool even on a 2-core machine (vitest's default is cores − 1), and no
    // more on a larger one: with three workers allowed, tinypool removed a worker that sat idle for a
    // moment while the next file was being handed to it, and that file's "Terminating worker thread"
    // ended the first pass before any component file ran.
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
    sequence: { sequencer: BrowserFilesFirst },
    alias,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // One module registry per worker rather than per file (with the root's poolOptions above):
          // every integration file starts its own stack from the same ~265 modules (and PGlite's
          // WASM), and importing them again for each file was half of the project's CPU. Each file
          // still makes its own database and stack; nothing here mocks modules or stubs globals, and
          // the one test that sets TZ puts it back.
          isolate: false,
          include: [
            'tests/**/*.test.ts',
            'common/**/*.test.ts',
            'local/**/*.test.ts',
            'server/**/*.test.ts',
            'supabase/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['tests/e2e/**', 'tests/logs/**', '**/node_modules/**'],
        },
      },
      {
        // The SPA's pure logic (node environment): 116 small files whose own tests take a few
        // milliseconds, so a module registry per file (importing zod, date-fns and the feature's
        // model again, and the worker's setup) was nearly all of their time. They share one per
        // worker process: none mocks a module, and the few that stub a global, spy or fake the clock
        // put it back after each test.
        extends: true,
        resolve: { alias },
        test: {
          name: 'spa-unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.dom.test.{ts,tsx}', '**/node_modules/**'],
          // In the forks pool, which reuses its workers (above): the threads pool reusing its
          // threads broke the component files, which need a thread each.
          pool: 'forks',
          isolate: false,
        },
      },
      {
        // The SPA's component tests in jsdom (files ending .dom.test.ts(x)), each file isolated:
        // Testing Library binds its `screen` to the document of the file that first imports it.
        extends: true,
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'spa',
          include: ['src/**/*.dom.test.{ts,tsx}'],
          // Each file in a VM context of a reused worker thread, not a new thread: still one
          // document and module registry per file, but Node's own modules and the worker's start
          // are paid once per thread (ADR 0061).
          pool: 'vmThreads',
          // MSW (src/testing/network).
          setupFiles: ['./src/testing/vitest-setup.ts'],
          // The migrated template database and the data layer's worker bundle, made once per run for
          // the files on the real gateway (src/testing/real-db).
          globalSetup: ['./tests/support/component-stack/global-setup.ts'],
        },
      },
      {
        // Browser tests: Chromium against a local stack serving the built SPA (tests/e2e/global-setup.ts).
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One module registry per worker, as in the node project: no browser file mocks modules or
          // stubs globals.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      // Checks the logs a whole run left (tests/logs/log-hygiene.test.ts): only scripts/run-tests.mjs
      // asks for it, after the other passes, with NGITI_CHECK_LOGS=1.
      ...(process.env.NGITI_CHECK_LOGS
        ? [{ extends: true as const, test: { name: 'logs', include: ['tests/logs/**/*.test.ts'] } }]
        : []),
    ],
  },
});
