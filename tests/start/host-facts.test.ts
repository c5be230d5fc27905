import { release } from 'node:os';
import { describe, expect, it } from 'vitest';
import { freshPageMicros, hostFacts } from '../../scripts/host-facts.mjs';

describe('the host facts a run records beside its timings', () => {
  it('names the running kernel and a finite, positive cost of a fresh page', () => {
    const facts = hostFacts();
    expect(facts.kernel).toBe(release());
    expect(Number.isFinite(facts.freshPageMicros)).toBe(true);
    expect(facts.freshPageMicros).toBeGreaterThan(0);
  });

  it('gives the cost of one page, not of the whole probe, as the median of its rounds', () => {
    // The clock's readings, a start and an end per round: the rounds took 8.192 ms, 81.92 ms and
    // 16.384 ms, that is 1, 10 and 2 µs for each of a round's 8,192 pages (32 MiB in 4 KiB pages).
    const readings = [0n, 8_192_000n, 100_000_000n, 181_920_000n, 200_000_000n, 216_384_000n];
    expect(freshPageMicros(3, () => readings.shift()!)).toBe(2);
    expect(readings).toEqual([]);
  });
});
