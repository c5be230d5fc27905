// Runs every test suite with vitest, then the browser-independent SPA suite (pure logic and
// components) again with the machine in two other time zones, because clinic time must not depend
// on the browser's zone. Ends with one plain summary line over all passes,
// "tests: N passed, N failed, N skipped", which CI reads whatever the reporter prints.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const extraArgs = process.argv.slice(2);
const passes = [
  { label: 'all suites', env: {}, args: extraArgs },
  // Only when no filter was given: a filtered run is someone iterating on one file.
  ...(extraArgs.length === 0
    ? [
        { label: 'SPA suite, TZ=America/New_York', env: { TZ: 'America/New_York' }, args: ['--project', 'spa'] },
        { label: 'SPA suite, TZ=Asia/Manila', env: { TZ: 'Asia/Manila' }, args: ['--project', 'spa'] },
      ]
    : []),
];

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
for (const pass of passes) {
  console.log(`\n=== ${pass.label} ===`);
  const report = path.join(tmpdir(), `ngiti-vitest-${process.pid}-${passes.indexOf(pass)}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...pass.args],
    { stdio: 'inherit', env: { ...process.env, ...pass.env } },
  );
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    const failedSuites = results.numFailedTests === 0 ? results.numFailedTestSuites : 0;
    totals.passed += results.numPassedTests;
    totals.failed += results.numFailedTests + failedSuites;
    totals.skipped += results.numPendingTests + results.numTodoTests;
    rmSync(report, { force: true });
  } else {
    totals.failed += 1;
    console.error(`vitest wrote no report for "${pass.label}": the run crashed before finishing.`);
  }
  if (run.status !== 0) ok = false;
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
