/**
 * npm run bench — the test suite's wall time: `npm test` ≤ 10 minutes on this machine kind, with
 * nothing dropped. Running the suite inside the bench would double the bench's own time, so by
 * default this reads what the last whole `npm test` recorded (scripts/run-tests.mjs writes
 * node_modules/.cache/ngiti/last-test-run.json: its start, each pass's seconds, the commit and the
 * counts). `BENCH_SUITE_RUN=1` runs `npm test` first. A run with failures does not count: its time
 * says nothing about the whole suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/build-if-stale.ts';
import { expectThat, expectWithin, writeResults } from './support/harness.ts';

const MAX_SUITE_SECONDS = 10 * 60;
const RECORD = path.join(repoRoot, 'node_modules', '.cache', 'ngiti', 'last-test-run.json');

interface TestRunRecord {
  startedAt: string;
  seconds: number;
  passes: { label: string; seconds: number }[];
  commit: string | null;
  /** Whether tracked files differed from that commit (older records have none). */
  uncommittedChanges?: boolean;
  passed: number;
  failed: number;
  skipped: number;
  /**
   * The host: its processor and a fixed workload's time there after the run and before it (older
   * records lack the one before, or both), its kernel and the cost of a fresh page of memory (the
   * oldest records have none).
   */
  host?: {
    cpu?: string;
    cpuMarkMillis?: number;
    cpuMarkMillisAtStart?: number;
    kernel: string;
    freshPageMicros: number;
  };
  /** The longest files of the run (older records have none). */
  slowestFiles?: { pass: string; file: string; seconds: number }[];
}

if (process.env.BENCH_SUITE_RUN === '1') spawnSync('npm', ['test'], { cwd: repoRoot, stdio: 'inherit' });

if (!existsSync(RECORD)) {
  console.log('No whole `npm test` run recorded yet: run `npm test` (or BENCH_SUITE_RUN=1) first.');
  expectThat(`npm test ≤ ${MAX_SUITE_SECONDS / 60} min`, false, 'not measured');
  writeResults('suite');
  process.exit(1);
}
const run = JSON.parse(readFileSync(RECORD, 'utf8')) as TestRunRecord;
const minutes = (run.seconds / 60).toFixed(1);
console.log(
  `last whole npm test: started ${run.startedAt} at ${run.commit ?? 'an unknown commit'}` +
    `${run.uncommittedChanges ? ' with uncommitted changes' : ''}; ` +
    `${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped`,
);
console.log(`  ${run.passes.map((pass) => `${pass.label} ${pass.seconds} s`).join(' · ')}`);
if (run.host) {
  const mark =
    run.host.cpuMarkMillisAtStart === undefined
      ? `${run.host.cpuMarkMillis} ms`
      : `${run.host.cpuMarkMillisAtStart} ms before, ${run.host.cpuMarkMillis} ms after`;
  const cpu = run.host.cpu ? `${run.host.cpu} (a fixed JavaScript workload ${mark}), ` : '';
  console.log(`  on ${cpu}kernel ${run.host.kernel}, where a fresh page of memory cost ${run.host.freshPageMicros} µs`);
}
if (run.slowestFiles?.length) {
  console.log('  longest files (wall time of each; several run side by side):');
  for (const entry of run.slowestFiles.slice(0, 8))
    console.log(`    ${entry.seconds.toFixed(1).padStart(6)} s  ${entry.file}`);
}
expectWithin('npm test wall time', run.seconds, MAX_SUITE_SECONDS, { unit: 's', shown: `${minutes} min` });
expectThat('npm test all green', run.failed === 0, `${run.failed} failed`);
writeResults('suite', { lastRun: run });
process.exit(process.exitCode ?? 0);
