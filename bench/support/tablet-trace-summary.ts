/**
 * Summarises a Chromium performance trace written by bench/tablet.bench.ts (BENCH_TABLET_PROFILE
 * with BENCH_TABLET_TRACE=1): time on the page's main thread by event (script, style, layout,
 * paint…), with counts. Run: `npx tsx bench/support/tablet-trace-summary.ts <file.trace.json>`.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

const file = process.argv[2];
if (!file) throw new Error('usage: tablet-trace-summary.ts <file.trace.json>');
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
const mainThreads = new Set(
  events
    .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .map((event) => `${event.pid}:${event.tid}`),
);
const totals = new Map<string, { time: number; count: number }>();
for (const event of events) {
  if (event.ph !== 'X' || event.dur === undefined || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
  const entry = totals.get(event.name) ?? { time: 0, count: 0 };
  entry.time += event.dur;
  entry.count += 1;
  totals.set(event.name, entry);
}
console.log('Main thread, by event (nested events overlap their parents):');
for (const [name, { time, count }] of [...totals].sort((a, b) => b[1].time - a[1].time).slice(0, 30))
  console.log(`  ${(time / 1000).toFixed(1).padStart(9)} ms  ${String(count).padStart(6)}×  ${name}`);
