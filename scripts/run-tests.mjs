// Runs every test suite with vitest, then the suites that compute clinic time again with the
// machine in two other time zones, because clinic time must not depend on the browser's zone. Ends with one plain summary line over all passes,
// "tests: N passed, N failed, N skipped", which CI reads whatever the reporter prints.
// Every pass logs into one fresh directory (NGITI_TEST_LOG_DIR, tests/support/stack.ts); a full run
// ends with a pass that checks those logs hold nothing private (tests/logs/log-hygiene.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const extraArgs = process.argv.slice(2);
// The time-zone passes rerun what computes clinic time (the SPA, common/, the service's unit tests)
// with the machine in another zone: New York (behind UTC, with DST) reruns all of it, components
// included; Manila (the clinic's own zone, ahead of UTC) reruns the pure logic.
const zoneSensitive = ['--project', 'spa', '--project', 'node', 'src/', 'common/', 'server/'];
const passes = [
  { label: 'all suites', env: {}, args: extraArgs },
  // Only when no filter was given: a filtered run is someone iterating on one file.
  ...(extraArgs.length === 0
    ? [
        { label: 'clinic-time suites, TZ=America/New_York', env: { TZ: 'America/New_York' }, args: zoneSensitive },
        {
          label: 'clinic-time pure logic, TZ=Asia/Manila',
          env: { TZ: 'Asia/Manila' },
          args: [...zoneSensitive, '--exclude', '**/*.dom.test.tsx', '--exclude', '**/node_modules/**'],
        },
        // Last: what every pass before it logged.
        { label: 'log hygiene', env: { NGITI_CHECK_LOGS: '1' }, args: ['--project', 'logs'] },
      ]
    : []),
];
const logDir = mkdtempSync(path.join(tmpdir(), 'ngiti-test-logs-'));

const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
for (const pass of passes) {
  console.log(`\n=== ${pass.label} ===`);
  const report = path.join(tmpdir(), `ngiti-vitest-${process.pid}-${passes.indexOf(pass)}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...pass.args],
    { stdio: 'inherit', env: { ...process.env, NGITI_TEST_LOG_DIR: logDir, ...pass.env } },
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
const passed = ok && totals.failed === 0;
// Kept when something failed: the logs are what to read then.
if (passed) rmSync(logDir, { recursive: true, force: true });
else console.log(`\nThe run's logs are in ${logDir}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(passed ? 0 : 1);
