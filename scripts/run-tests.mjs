// Runs every test suite once with vitest and ends with one plain summary line,
// "tests: N passed, N failed, N skipped", which CI reads whatever the reporter prints.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const report = path.join(tmpdir(), `ngiti-vitest-${process.pid}.json`);
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed =
    results.numFailedTests +
    (results.numFailedTestSuites > 0 && results.numFailedTests === 0 ? results.numFailedTestSuites : 0);
  skipped = results.numPendingTests + results.numTodoTests;
  rmSync(report, { force: true });
} else {
  failed = 1;
  console.error('vitest wrote no report: the run crashed before finishing.');
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
