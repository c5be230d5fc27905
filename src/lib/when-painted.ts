const LARGEST_PAINT = 'largest-contentful-paint';

/**
 * Calls `done` once what the page committed before this call has reached the screen. A frame's
 * callbacks run before its paint, so the second animation frame is the earliest sign. The paint
 * itself is presented later still, on a busy phone tens of milliseconds later, and a download
 * started in that gap competes with the content it was meant to wait for. Where the browser
 * reports largest contentful paints, a report newer than the call says the paint is on screen;
 * when none comes (the commit drew nothing larger than before), `graceMs` after the second frame
 * stands in for it. Returns a function that cancels the wait.
 */
export function whenPainted(done: () => void, { graceMs = 200 } = {}): () => void {
  const since = performance.now();
  let framesPassed = false;
  let paintReported = false;
  let finished = false;
  let frame = 0;
  let grace: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;

  const stop = () => {
    finished = true;
    cancelAnimationFrame(frame);
    clearTimeout(grace);
    observer?.disconnect();
  };
  const finish = () => {
    if (finished) return;
    stop();
    done();
  };

  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes(LARGEST_PAINT)) {
    observer = new PerformanceObserver((entries) => {
      if (!entries.getEntries().some((entry) => entry.startTime >= since)) return;
      paintReported = true;
      if (framesPassed) finish();
    });
    observer.observe({ type: LARGEST_PAINT });
  }
  frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      framesPassed = true;
      if (!observer || paintReported) finish();
      else grace = setTimeout(finish, graceMs);
    });
  });
  return stop;
}
