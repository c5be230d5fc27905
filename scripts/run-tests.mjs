// Runs every test suite with vitest, then the suites that compute clinic time again with the
// machine in two other time zones, because clinic time must not depend on the browser's zone. Ends with one plain summary line over all passes,
// "tests: N passed, N failed, N skipped", which CI reads whatever the reporter prints.
// Every pass logs into one fresh directory (NGITI_TEST_LOG_DIR, tests/support/stack.ts); a full run
// ends with a pass that checks those logs hold nothing private (tests/logs/log-hygiene.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuMarkMillis, hostFacts } from './host-facts.mjs';
import { currentCommit, hasUncommittedChanges } from './revision.mjs';

const extraArgs = process.argv.slice(2);
// The time-zone passes rerun the tests that touch clinic time with the machine in another zone:
// New York (behind UTC, with DST) reruns them; Manila (the
// clinic's own zone, ahead of UTC) reruns the clinic calendar module. "Touch clinic time": every test of common/, and the
// SPA's and the service's tests that name the clinic calendar, a clock, a zone or an appointment time.
const CLINIC_TIME =
  /clinic-calendar|clinicToday|clinicWallClock|formatClinic|TZDate|appointment_time|Asia\/Manila|useNow|setSystemTime|useFakeTimers|toClinicIso|clinicInstant|timeZone|\d{4}-\d\d-\d\dT\d\d:\d\d|new Date\(/;
function testFilesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'));
}
const clinicTimeTests = [
  ...testFilesUnder('common'),
  ...[...testFilesUnder('src'), ...testFilesUnder('server')].filter((file) =>
    CLINIC_TIME.test(readFileSync(file, 'utf8')),
  ),
].sort();
// Their logic only, not their DOM: the browser suite already renders every screen in New York
// (BROWSER_TIME_ZONE, tests/e2e/support/chromium.ts) against the clinic's Manila.
const zoneSensitive = [
  '--project',
  'spa-unit',
  // The few jsdom files of logic without a screen (.dom.test.ts: timing helpers, prefetches).
  '--project',
  'spa',
  '--project',
  'node',
  ...clinicTimeTests.filter((file) => !file.endsWith('.dom.test.tsx')),
];
// A whole run takes the projects one pass at a time, each with the cores to itself. Side by side
// they took far longer on two cores than one after the other: the browser files wait on Chromium
// step by step, and every step waited longer beside the CPU-bound component and integration files;
// those two, side by side, slowed each other more than their CPU added up to.
const wholeRun = extraArgs.length === 0;
// A filtered run (someone iterating on one file) is one pass of what was asked for.
const passes = wholeRun
  ? [
      { label: 'logic and component suites', env: {}, args: ['--project', 'spa-unit', '--project', 'spa'] },
      { label: 'service and database suites', env: {}, args: ['--project', 'node'] },
      { label: 'browser suite', env: {}, args: ['--project', 'e2e'] },
      { label: 'clinic-time suites, TZ=America/New_York', env: { TZ: 'America/New_York' }, args: zoneSensitive },
      // The clinic calendar itself (the one module that does zone arithmetic) in the clinic's own zone.
      { label: 'clinic calendar, TZ=Asia/Manila', env: { TZ: 'Asia/Manila' }, args: ['--project', 'node', 'common/'] },
      // Last: what every pass before it logged.
      { label: 'log hygiene', env: { NGITI_CHECK_LOGS: '1' }, args: ['--project', 'logs'] },
    ]
  : [{ label: 'the suites asked for', env: {}, args: extraArgs }];
const logDir = mkdtempSync(path.join(tmpdir(), 'ngiti-test-logs-'));
// The host's speed before the run as well as after it: a shared host's neighbours can slow it by a
// third within one run, and a run's time is read against both.
const cpuMarkMillisAtStart = wholeRun ? cpuMarkMillis() : undefined;
const startedAt = new Date();
const passSeconds = [];
// Each file's own wall time (start to end in its worker), to see where a slow run went.
const fileSeconds = [];

const totals = { passed: 0, failed: 0, skipped: 0 };
// The head of a failed test's first error (message and the test's own stack line), indented under
// its name: CI keeps only the end of the output, so the reason has to be there too.
const WHY_LINES = 6;
function whyItFailed(messages = []) {
  const lines = (messages[0] ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/node_modules|node:internal|<anonymous>/.test(line));
  return lines.slice(0, WHY_LINES).map((line) => `    ${line.trim()}`);
}
// Named again just above the summary line, because CI often keeps only the end of the output.
const failures = [];
let ok = true;
for (const pass of passes) {
  console.log(`\n=== ${pass.label} ===`);
  const report = path.join(tmpdir(), `ngiti-vitest-${process.pid}-${passes.indexOf(pass)}.json`);
  const passStarted = performance.now();
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...pass.args],
    { stdio: 'inherit', env: { ...process.env, NGITI_TEST_LOG_DIR: logDir, ...pass.env } },
  );
  passSeconds.push({ label: pass.label, seconds: Math.round((performance.now() - passStarted) / 100) / 10 });
  if (existsSync(report)) {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    const before = failures.length;
    const failedSuites = results.numFailedTests === 0 ? results.numFailedTestSuites : 0;
    totals.passed += results.numPassedTests;
    totals.failed += results.numFailedTests + failedSuites;
    totals.skipped += results.numPendingTests + results.numTodoTests;
    for (const file of results.testResults) {
      const relative = path.relative(process.cwd(), file.name);
      fileSeconds.push({
        pass: pass.label,
        file: relative,
        seconds: (file.endTime - file.startTime) / 1000,
        startedAfter: (file.startTime - startedAt.getTime()) / 1000,
      });
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        failures.push(`[${pass.label}] ${relative} > ${test.fullName}`, ...whyItFailed(test.failureMessages));
      }
      if (failedTests.length === 0 && file.status === 'failed') {
        failures.push(`[${pass.label}] ${relative}: ${(file.message || 'the file failed to run').split('\n')[0]}`);
      }
      // 'pending' is how the JSON report shows a test with no outcome at all: its worker died (or was
      // killed) before it ran. Vitest counts such tests nowhere, so they would vanish from the totals.
      const unfinished = file.assertionResults.filter((test) => test.status === 'pending');
      if (unfinished.length > 0) {
        totals.failed += unfinished.length;
        failures.push(`[${pass.label}] ${relative}: ${unfinished.length} test(s) never finished (worker crash?)`);
      }
    }
    if (results.numFailedTests === 0 && results.numFailedTestSuites > 0 && failures.length === before) {
      failures.push(
        `[${pass.label}] ${results.numFailedTestSuites} suite(s) failed outside any test (a beforeAll/afterAll hook?): see "Failed Suites" above`,
      );
    }
    rmSync(report, { force: true });
  } else {
    totals.failed += 1;
    console.error(`vitest wrote no report for "${pass.label}": the run crashed before finishing.`);
    failures.push(`[${pass.label}] vitest wrote no report: the run crashed before finishing`);
  }
  if (run.status !== 0) {
    ok = false;
    if (failures.length === 0)
      failures.push(`[${pass.label}] vitest exited with status ${run.status} (an unhandled error?)`);
  }
}
const passed = ok && totals.failed === 0;
// Kept when something failed: the logs are what to read then.
if (passed) rmSync(logDir, { recursive: true, force: true });
else console.log(`\nThe run's logs are in ${logDir}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
// A whole run's wall time, for `npm run bench` (bench/suite.bench.ts: the target is ≤ 10 minutes).
if (wholeRun) {
  const seconds = Math.round(passSeconds.reduce((sum, pass) => sum + pass.seconds, 0) * 10) / 10;
  const host = { ...hostFacts(), cpuMarkMillisAtStart };
  console.log(
    `\nThe run took ${(seconds / 60).toFixed(1)} min (${passSeconds.map((p) => `${p.label} ${p.seconds} s`).join(', ')}), ` +
      `on ${host.cpu} (a fixed JavaScript workload ${host.cpuMarkMillisAtStart} ms before, ${host.cpuMarkMillis} ms after), kernel ${host.kernel}, ` +
      `where a fresh page of memory costs ${host.freshPageMicros} µs.`,
  );
  const cacheDir = path.join('node_modules', '.cache', 'ngiti');
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(
    path.join(cacheDir, 'last-test-run.json'),
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        seconds,
        passes: passSeconds,
        // Read at the end: a tree edited during the run measured that edit too.
        commit: currentCommit(),
        uncommittedChanges: hasUncommittedChanges(),
        host,
        ...totals,
        slowestFiles: [...fileSeconds]
          .sort((a, b) => b.seconds - a.seconds)
          .slice(0, 20)
          .map(({ pass, file, seconds }) => ({ pass, file, seconds: Math.round(seconds * 10) / 10 })),
      },
      null,
      2,
    ),
  );
  // Every file's start (seconds after the run began) and length: how the files overlapped, and the gaps.
  writeFileSync(path.join(cacheDir, 'last-test-run-files.json'), JSON.stringify(fileSeconds));
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(passed ? 0 : 1);
