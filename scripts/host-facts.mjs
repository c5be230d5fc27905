// What sets one host of a machine kind apart from another for this suite: the processor and how
// fast it runs the suite's kind of work (JavaScript), the kernel it runs (a guest kernel names its
// hypervisor's flavour) and what the first touch of a new page of memory costs there, which the
// hypervisor decides. The suite is CPU-bound, and starts many processes, workers, browsers and
// databases, each faulting its memory in page by page, so its wall time follows both: a run's
// record keeps them, so that timings of two hosts are read side by side.
import { existsSync, readFileSync } from 'node:fs';
import { cpus, release } from 'node:os';

const PAGE_BYTES = 4096;
const PROBE_BYTES = 32 * 1024 * 1024;

/**
 * The median time, in microseconds, to touch one page of memory the process has not used yet
 * (a page fault and the kernel zeroing the page), over a few fresh 32 MiB buffers. `clock` reads
 * nanoseconds (a test gives its own).
 */
export function freshPageMicros(rounds = 5, clock = () => process.hrtime.bigint()) {
  const perPage = [];
  for (let round = 0; round < rounds; round += 1) {
    // Large enough that the allocator maps new memory rather than reusing any it holds.
    const bytes = new Uint8Array(new ArrayBuffer(PROBE_BYTES));
    const started = clock();
    for (let offset = 0; offset < PROBE_BYTES; offset += PAGE_BYTES) bytes[offset] = 1;
    perPage.push(Number(clock() - started) / 1000 / (PROBE_BYTES / PAGE_BYTES));
  }
  perPage.sort((a, b) => a - b);
  return Math.round(perPage[Math.floor(perPage.length / 2)] * 100) / 100;
}

/** The processor's model and clock as the machine reports them, e.g. "AMD EPYC @ 2596 MHz". */
export function cpuName() {
  const core = cpus()[0];
  if (!core) return 'unknown';
  let mhz = core.speed;
  if (!mhz && existsSync('/proc/cpuinfo'))
    mhz = Number(/^cpu MHz\s*:\s*([\d.]+)/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 0);
  return mhz ? `${core.model.trim()} @ ${Math.round(mhz)} MHz` : core.model.trim();
}

/**
 * A fixed piece of the suite's kind of work on one core: 100,000 small rows made, turned into
 * JSON and back, sorted and folded. The same on every host, so its time compares the hosts' speed
 * where the reported clock does not (a guest's MHz is not what its neighbours leave it).
 */
function markWorkload() {
  const rows = [];
  for (let i = 0; i < 100_000; i += 1) rows.push({ id: i, name: `patient ${i % 977}`, centavos: (i * 7919) % 100_000 });
  const back = JSON.parse(JSON.stringify(rows));
  back.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.centavos - b.centavos));
  let fold = 0;
  for (const row of back) fold = (fold * 31 + row.centavos) | 0;
  return fold;
}

/**
 * The median time, in milliseconds, of `rounds` runs of that workload (the first also compiles
 * it). `clock` reads nanoseconds (a test gives its own).
 */
export function cpuMarkMillis(rounds = 5, clock = () => process.hrtime.bigint()) {
  const times = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = clock();
    markWorkload();
    times.push(Number(clock() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]);
}

/** The processor, its speed at a fixed workload, the kernel and the cost of a fresh page. */
export function hostFacts() {
  return { cpu: cpuName(), cpuMarkMillis: cpuMarkMillis(), kernel: release(), freshPageMicros: freshPageMicros() };
}
