// `npm run bench`: every bench in turn, even after one fails (a failing target must not hide the
// numbers of the others), then one line per bench and exit 1 if any failed.
import { spawnSync } from 'node:child_process';

const BENCHES = [
  'gateway',
  'bundle',
  'patients',
  'chart',
  'appointments',
  'reminders',
  'realtime',
  'billing',
  'reports',
  'recalls',
  'scale',
  'lighthouse',
  'start',
  'memory',
  'bounds',
  'exports',
  'tablet',
  'suite',
];

const outcomes = BENCHES.map((name) => {
  console.log(`\n=== bench/${name}.bench.ts ===`);
  const run = spawnSync('npx', ['tsx', `bench/${name}.bench.ts`], { stdio: 'inherit' });
  return { name, ok: run.status === 0 };
});

console.log('\nBenches:');
for (const { name, ok } of outcomes) console.log(`  ${name.padEnd(14)} ${ok ? 'PASS' : 'FAIL'}`);
process.exit(outcomes.every(({ ok }) => ok) ? 0 : 1);
