import { cpus, release } from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuMarkMillis, cpuName, freshPageMicros, hostFacts } from '../../scripts/host-facts.mjs';

describe('the host facts a run records beside its timings', () => {
  it('names the running processor and kernel, a workload time and a cost of a fresh page, all finite and positive', () => {
    const facts = hostFacts();
    expect(facts.kernel).toBe(release());
    expect(facts.cpu).toBe(cpuName());
    expect(facts.cpu.startsWith(cpus()[0]!.model.trim())).toBe(true);
    for (const reading of [facts.freshPageMicros, facts.cpuMarkMillis]) {
      expect(Number.isFinite(reading)).toBe(true);
      expect(reading).toBeGreaterThan(0);
    }
  });

  it('gives the cost of one page, not of the whole probe, as the median of its rounds', () => {
    // The clock's readings, a start and an end per round: the rounds took 8.192 ms, 81.92 ms and
    // 16.384 ms, that is 1, 10 and 2 µs for each of a round's 8,192 pages (32 MiB in 4 KiB pages).
    const readings = [0n, 8_192_000n, 100_000_000n, 181_920_000n, 200_000_000n, 216_384_000n];
    expect(freshPageMicros(3, () => readings.shift()!)).toBe(2);
    expect(readings).toEqual([]);
  });

  it('gives the workload time in whole milliseconds as the median of its rounds, which a slow first round does not move', () => {
    // Rounds of 900 ms (the first, compiling), 120.4 ms and 130.6 ms.
    const readings = [0n, 900_000_000n, 1_000_000_000n, 1_120_400_000n, 2_000_000_000n, 2_130_600_000n];
    expect(cpuMarkMillis(3, () => readings.shift()!)).toBe(131);
    expect(readings).toEqual([]);
  });
});
