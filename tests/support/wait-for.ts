/**
 * Polls `read` every 10 ms until it gives a value, for conditions reached through another process
 * or socket (a live update, a log row); fails after `timeoutMs`.
 */
export async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
