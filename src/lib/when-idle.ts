/**
 * Runs `work` once the browser is idle, at the latest after `timeoutMs` (where there is no
 * requestIdleCallback, after `fallbackMs`). Returns a function that cancels it.
 */
export function whenIdle(work: () => void, { timeoutMs = 5_000, fallbackMs = 2_000 } = {}): () => void {
  // Taken now: the cancel function must still work if the page's globals change meanwhile.
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = window;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request.call(window, () => work(), { timeout: timeoutMs });
    return () => cancel.call(window, handle);
  }
  const handle = setTimeout(work, fallbackMs);
  return () => clearTimeout(handle);
}
