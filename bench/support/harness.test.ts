import { describe, expect, it } from 'vitest';
import { createResults, meets, percentile, summary } from './harness.ts';

describe('percentile', () => {
  it('takes the sorted sample at floor(p/100 × n), the last at most', () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 50)).toBe(6);
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile(samples, 100)).toBe(10);
    expect(percentile([42], 95)).toBe(42);
  });

  it('leaves the samples in their order and is NaN for none', () => {
    const samples = [3, 1, 2];
    percentile(samples, 50);
    expect(samples).toEqual([3, 1, 2]);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summary', () => {
  it('gives n, p50, p95 and max', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(summary(samples)).toEqual({ n: 100, p50: 51, p95: 96, max: 100 });
  });

  it('is NaN for no samples', () => {
    const none = summary([]);
    expect(none.n).toBe(0);
    expect(none.p95).toBeNaN();
    expect(none.max).toBeNaN();
  });
});

describe('verdicts', () => {
  it('meets a budget at most, below or at least, and never with NaN', () => {
    expect(meets(100, 100)).toBe(true);
    expect(meets(100.1, 100)).toBe(false);
    expect(meets(100, 100, '<')).toBe(false);
    expect(meets(99, 100, '<')).toBe(true);
    expect(meets(90, 90, '>=')).toBe(true);
    expect(meets(89, 90, '>=')).toBe(false);
    expect(meets(NaN, 100)).toBe(false);
    expect(meets(NaN, 90, '>=')).toBe(false);
  });

  it('collects each verdict with its budget, prints it, and fails when one fails', () => {
    const lines: string[] = [];
    const results = createResults((line) => lines.push(line));
    expect(results.expectWithin('open p95', 80, 100, { unit: 'ms' })).toBe(true);
    expect(results.failed).toBe(false);
    expect(results.expectWithin('mobile performance', 85, 90, { comparison: '>=' })).toBe(false);
    expect(results.expectThat('own chunk', true)).toBe(true);
    expect(results.failed).toBe(true);
    expect(results.verdicts).toEqual([
      { name: 'open p95', value: 80, budget: 100, comparison: '<=', unit: 'ms', pass: true },
      { name: 'mobile performance', value: 85, budget: 90, comparison: '>=', pass: false },
      { name: 'own chunk', value: true, pass: true },
    ]);
    expect(lines).toEqual([
      'TARGET open p95 (<= 100 ms): 80 ms PASS',
      'TARGET mobile performance (>= 90): 85 FAIL',
      'TARGET own chunk: PASS',
    ]);
  });

  it('keeps measurements by name', () => {
    const results = createResults(() => undefined);
    results.record('list payload KB', 812);
    results.record('open', summary([1, 2, 3]));
    expect(results.measurements).toEqual({ 'list payload KB': 812, open: { n: 3, p50: 2, p95: 3, max: 3 } });
  });
});
