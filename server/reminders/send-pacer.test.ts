import { describe, expect, it } from 'vitest';
import { MAX_PACE_MS, SendPacer } from './send-pacer';

function pacerAt(start = 0) {
  const clock = { now: start };
  return { clock, pacer: new SendPacer(() => clock.now) };
}

describe('SendPacer', () => {
  it('when Meta has never said too many, then sends are not paced', () => {
    const { pacer } = pacerAt();
    expect([pacer.reserve(), pacer.reserve(), pacer.reserve()]).toEqual([0, 0, 0]);
  });

  it('when a rate limit comes after 100 sends in the last second, then sends are spaced for 90 a second', () => {
    const { clock, pacer } = pacerAt();
    for (let i = 0; i < 100; i++) {
      clock.now = i * 10;
      pacer.succeeded();
    }
    pacer.rateLimited();
    expect(pacer.paceMs).toBeCloseTo(1000 / 90, 5);
    const waits = [pacer.reserve(), pacer.reserve(), pacer.reserve()];
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBeCloseTo(1000 / 90, 5);
    expect(waits[2]).toBeCloseTo(2000 / 90, 5);
  });

  it('when sends keep succeeding, then the pace speeds up again little by little', () => {
    const { pacer } = pacerAt();
    pacer.rateLimited();
    const before = pacer.paceMs;
    for (let i = 0; i < 100; i++) pacer.succeeded();
    expect(pacer.paceMs).toBeLessThan(before);
    expect(pacer.paceMs).toBeGreaterThan(before * 0.98);
  });

  it('when rate limits come with no recent success, then the spacing doubles', () => {
    const { pacer } = pacerAt();
    pacer.rateLimited();
    expect(pacer.paceMs).toBe(10);
    pacer.rateLimited();
    expect(pacer.paceMs).toBe(20);
  });

  it('when rate limits go on for minutes, then sends are still spaced at most a second apart', () => {
    const { clock, pacer } = pacerAt();
    for (let pause = 0; pause < 12; pause++) {
      clock.now += 30_000;
      pacer.rateLimited();
    }
    expect(pacer.paceMs).toBe(MAX_PACE_MS);
    expect(MAX_PACE_MS).toBe(1_000);
    expect([pacer.reserve(), pacer.reserve()]).toEqual([0, 1_000]);
  });
});
