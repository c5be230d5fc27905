// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPainted } from './when-painted';

/** A browser's PerformanceObserver reduced to what whenPainted uses: the test reports the paints. */
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static live: FakeObserver[] = [];
  constructor(private readonly callback: (list: { getEntries: () => { startTime: number }[] }) => void) {}
  observe() {
    FakeObserver.live.push(this);
  }
  disconnect() {
    FakeObserver.live = FakeObserver.live.filter((observer) => observer !== this);
  }
  static report(startTime: number) {
    for (const observer of [...FakeObserver.live]) observer.callback({ getEntries: () => [{ startTime }] });
  }
}

let frames: FrameRequestCallback[] = [];
const nextFrame = () => frames.splice(0).forEach((callback) => callback(0));
let now = 1_000;

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  now = 1_000;
  FakeObserver.live = [];
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {
    frames = [];
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('whenPainted', () => {
  it('without paint reports, runs at the second animation frame', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const done = vi.fn();
    whenPainted(done);
    nextFrame();
    expect(done).not.toHaveBeenCalled();
    nextFrame();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('waits past the second frame for the report of a paint newer than the call', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const done = vi.fn();
    whenPainted(done, { graceMs: 200 });
    FakeObserver.report(now - 5); // an earlier paint says nothing about this commit
    nextFrame();
    nextFrame();
    vi.advanceTimersByTime(100);
    expect(done).not.toHaveBeenCalled();

    FakeObserver.report(now + 40);
    expect(done).toHaveBeenCalledTimes(1);
    expect(FakeObserver.live).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('runs at once at the second frame when the paint was reported before it', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const done = vi.fn();
    whenPainted(done);
    nextFrame();
    FakeObserver.report(now + 16);
    expect(done).not.toHaveBeenCalled();
    nextFrame();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('runs after the grace period when no larger paint is reported', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const done = vi.fn();
    whenPainted(done, { graceMs: 200 });
    nextFrame();
    nextFrame();
    vi.advanceTimersByTime(199);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const done = vi.fn();
    const cancel = whenPainted(done);
    nextFrame();
    cancel();
    nextFrame();
    FakeObserver.report(now + 40);
    vi.advanceTimersByTime(1_000);
    expect(done).not.toHaveBeenCalled();
    expect(FakeObserver.live).toHaveLength(0);
  });
});
