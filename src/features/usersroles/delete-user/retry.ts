export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Attempts after the first (delete-user's: 2). */
  retries: number;
  /** The wait after failed attempt n is baseDelayMs × n (delete-user's: 400 ms). */
  baseDelayMs: number;
  /** Whether a failure is worth another attempt; false ends at once with that failure. */
  shouldRetry?: (error: unknown) => boolean;
  sleep?: Sleep;
}

/** delete-user's retries: up to 2 more attempts, after 400 ms × the attempt number. */
export const DELETE_USER_RETRIES = { retries: 2, baseDelayMs: 400 } as const;

/**
 * Runs `attempt` (given its 1-based number) until it resolves, retrying a failure up to
 * `retries` more times and waiting `baseDelayMs × n` after failed attempt n. The last failure is thrown.
 */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      const more = n <= options.retries && (options.shouldRetry?.(error) ?? true);
      if (!more) throw error;
      await sleep(options.baseDelayMs * n);
    }
  }
}
