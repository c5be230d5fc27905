/**
 * npm run bench — start times (issue 16 item 6), `npm start` run as a user runs it:
 *  1. a fresh clone's first start: `git clone` of this repository (committed files only) into a
 *     temporary directory, node_modules symlinked (npm install is not counted), then `npm start` —
 *     the SPA build, the migrations and the demo data on an empty data directory — until ready.
 *     Target: ≤ 20 s.
 *  2. `npm start` again in the same clone, on its now existing data directory and build, until ready
 *     (the median of WARM_RUNS starts). Target: ≤ 3 s.
 * "Ready" = /login serves the SPA, /config.json answers, and the REST and auth APIs answer
 * (bench/support/stack-process.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/build-if-stale.ts';
import { freePort, spawnNpmStart, timeUntilReady } from './support/stack-process.ts';

const MAX_FIRST_START_MS = 20_000;
const MAX_WARM_START_MS = 3_000;
const WARM_RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

let failed = false;
function target(label: string, value: string, pass: boolean) {
  if (!pass) failed = true;
  console.log(`TARGET ${label}: ${value} ${pass ? 'PASS' : 'FAIL'}`);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timedStart(cwd: string, dataDir: string): Promise<number> {
  const stack = spawnNpmStart(cwd, await freePort(), { DATA_DIR: dataDir });
  const started = performance.now();
  try {
    return await timeUntilReady(stack, started);
  } finally {
    await stack.stop();
  }
}

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'ngiti-bench-clone-'));
  const clone = path.join(workDir, 'ngiti');
  try {
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { stdio: 'inherit' });
    if (cloned.status !== 0) throw new Error('git clone failed');
    const head = spawnSync('git', ['-C', clone, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).stdout.trim();
    console.log(`fresh clone of ${head}`);
    await symlink(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    const dataDir = path.join(workDir, 'data');

    const first = await timedStart(clone, dataDir);
    console.log(`first start of a fresh clone (build + migrations + demo data) → ready: ${seconds(first)}`);
    target(`fresh clone first npm start ≤ ${MAX_FIRST_START_MS / 1000} s`, seconds(first), first <= MAX_FIRST_START_MS);

    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timedStart(clone, dataDir));
    const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)]!;
    console.log(
      `npm start on the existing data dir → ready: ${warm.map(seconds).join(', ')} (median ${seconds(median)})`,
    );
    target(
      `npm start on an existing data dir ≤ ${MAX_WARM_START_MS / 1000} s (median of ${WARM_RUNS})`,
      seconds(median),
      median <= MAX_WARM_START_MS,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
if (failed) {
  console.log('\nbench/start.bench.ts: a target FAILED');
  process.exitCode = 1;
}
