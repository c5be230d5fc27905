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
    // A clock that says each round took 8.192 ms, 16.384 ms or 81.92 ms: 1, 2 or 10 µs for each
    // of a round's 8,192 pages (32 MiB in 4 KiB pages).
    const roundNanos = [8_192_000n, 81_920_000n, 16_384_000n];
    let reads = 0;
    let now = 0n;
    const clock = () => {
      // Every second read ends a round.
      if (reads++ % 2 === 1) now += roundNanos[(reads / 2 - 1) % roundNanos.length]!;
      return now;
    };
    expect(freshPageMicros(3, clock)).toBe(2);
    expect(reads).toBe(6);
  });
});
