/**
 * npm run bench — start times, `npm start` run as a user runs it:
 *  1. a fresh clone's first start: `git clone` of this repository (committed files only) into a
 *     temporary directory, node_modules symlinked (npm install is not counted), then `npm start` —
 *     the SPA build, the migrations and the demo data on an empty data directory — until ready.
 *     Target: ≤ 20 s.
 *  2. `npm start` again in the same clone, on its now existing data directory and build, until ready
 *     (the median of WARM_RUNS starts). Target: ≤ 3 s.
 * "Ready" = /login serves the SPA, /config.json answers, and the REST and auth APIs answer
 * (bench/support/stack-process.ts). Each start also prints the CPU time its processes used until
 * ready: on a busy machine the wall times move with the load, the CPU times much less.
 * BENCH_START_WORKTREE=1 also copies this working tree's uncommitted changes (modified, deleted and
 * new files git does not ignore) into the clone: a change measured before it is committed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/build-if-stale.ts';
import {
  expectWithin,
  freePort,
  groupCpuMs,
  record,
  spawnNpmStart,
  timeUntilReady,
  writeResults,
} from './support/harness.ts';

const MAX_FIRST_START_MS = 20_000;
const MAX_WARM_START_MS = 3_000;
const WARM_RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;

/** Until ready: the wall time (the target) and the CPU time of npm start's processes. */
async function timedStart(cwd: string, dataDir: string): Promise<{ wall: number; cpu: number }> {
  const stack = spawnNpmStart(cwd, await freePort(), { DATA_DIR: dataDir });
  const started = performance.now();
  try {
    const wall = await timeUntilReady(stack, started);
    return { wall, cpu: await groupCpuMs(stack.child.pid!) };
  } finally {
    await stack.stop();
  }
}

/** Brings the working tree's uncommitted changes into `clone` (BENCH_START_WORKTREE=1). */
async function copyWorkingTree(clone: string) {
  const listed = spawnSync('git', ['-C', repoRoot, 'ls-files', '-z', '--modified', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error('git ls-files failed');
  const files = [...new Set(listed.stdout.split('\0').filter(Boolean))];
  for (const file of files) {
    const from = path.join(repoRoot, file);
    if (existsSync(from)) await cp(from, path.join(clone, file), { recursive: true });
    else await rm(path.join(clone, file), { force: true });
  }
  console.log(`with ${files.length} uncommitted file(s) of the working tree`);
}

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'ngiti-bench-clone-'));
  const clone = path.join(workDir, 'ngiti');
  try {
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { stdio: 'inherit' });
    if (cloned.status !== 0) throw new Error('git clone failed');
    const head = spawnSync('git', ['-C', clone, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).stdout.trim();
    console.log(`fresh clone of ${head} (${load()})`);
    if (process.env.BENCH_START_WORKTREE === '1') await copyWorkingTree(clone);
    await symlink(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    const dataDir = path.join(workDir, 'data');

    const first = await timedStart(clone, dataDir);
    console.log(
      `first start of a fresh clone (build + migrations + demo data) → ready: ${seconds(first.wall)} (CPU ${seconds(first.cpu)})`,
    );
    record('first start of a fresh clone (ms)', first);
    expectWithin('fresh clone first npm start', first.wall, MAX_FIRST_START_MS, {
      unit: 'ms',
      shown: seconds(first.wall),
    });

    const warm: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timedStart(clone, dataDir));
    const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const median = medianOf(warm.map(({ wall }) => wall));
    console.log(
      `npm start on the existing data dir → ready: ${warm.map(({ wall }) => seconds(wall)).join(', ')} (median ${seconds(median)}; ` +
        `CPU ${warm.map(({ cpu }) => seconds(cpu)).join(', ')}, median ${seconds(medianOf(warm.map(({ cpu }) => cpu)))})`,
    );
    record('npm start on the existing data dir (ms)', warm);
    expectWithin(`npm start on an existing data dir (median of ${WARM_RUNS})`, median, MAX_WARM_START_MS, {
      unit: 'ms',
      shown: seconds(median),
    });
    console.log(`(${load()})`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  writeResults('start', { warmRuns: WARM_RUNS });
}

await main();
