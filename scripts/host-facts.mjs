// What sets one host of a machine kind apart from another for this suite, beside cores and clock:
// the kernel it runs (a guest kernel names its hypervisor's flavour) and what the first touch of a
// new page of memory costs there, which the hypervisor decides. The suite starts many processes,
// workers, browsers and databases, each faulting its memory in page by page, so its wall time
// follows that cost: a run's record keeps both, so that timings of two hosts are read side by side.
import { release } from 'node:os';

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

/** The kernel release and the cost of a fresh page, for a record of timings taken on this host. */
export function hostFacts() {
  return { kernel: release(), freshPageMicros: freshPageMicros() };
}
