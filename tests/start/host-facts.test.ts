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

  it('gives the cost of one page, not of the whole probe', () => {
    // 8,192 pages are touched per round: a per-probe figure would be thousands of times larger
    // than a per-page one, whatever the host. No host takes a millisecond to fault in one page.
    expect(freshPageMicros(1)).toBeLessThan(1000);
  });
});
