/**
 * Waiting for Facebook connect to finish: after the popup opened, ask every `intervalMs` (2000)
 * whether the service holds the pages the user granted, at most `maxPolls` (30) times. It ends on
 * pages found (the page picker), on the clinic having become connected, on timeout, on a refusal
 * that asking again cannot fix, or when the popup is closed — checked every `closeCheckMs`, so
 * closing stops the polling at once. The popup also closes itself once the login finished, so a
 * close is followed by one last check before the poll gives up.
 *
 * Pure apart from the injected `check` and timers: no real clock in its tests.
 */
import type { FacebookPage } from '@common/contract';

export const FACEBOOK_POLL = { intervalMs: 2000, maxPolls: 30, closeCheckMs: 250 } as const;

export type FacebookPollTiming = { intervalMs: number; maxPolls: number; closeCheckMs: number };

/** What one check found. */
export type PollCheck =
  | { kind: 'pages'; pages: FacebookPage[] }
  | { kind: 'connected' }
  | { kind: 'pending' }
  | { kind: 'failed'; error: unknown };

export type PollOutcome =
  | { kind: 'pages'; pages: FacebookPage[] }
  | { kind: 'connected' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'closed' }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

export interface PollTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface FacebookPollOptions {
  /** One poll: reads the pages (and whether the clinic got connected). Errors become 'pending'. */
  check: () => Promise<PollCheck>;
  isPopupClosed: () => boolean;
  timers: PollTimers;
  timing?: FacebookPollTiming;
}

export interface FacebookPoll {
  /** Settles once with how the connect ended. */
  readonly done: Promise<PollOutcome>;
  /** Stops at once ('cancelled'): the screen went away. */
  cancel(): void;
  /** How many checks were started (the final one after a close included). */
  readonly polls: number;
}

/** The browser's timers, for the screen. */
export const browserTimers: PollTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

export function startFacebookPoll({
  check,
  isPopupClosed,
  timers,
  timing = FACEBOOK_POLL,
}: FacebookPollOptions): FacebookPoll {
  let polls = 0;
  // polling → (closing →) done; a close stops the polling and makes one last check.
  let phase: 'polling' | 'closing' | 'done' = 'polling';
  let pollTimer: unknown = null;
  let inFlight: Promise<PollCheck> | null = null;
  let finish!: (outcome: PollOutcome) => void;
  const done = new Promise<PollOutcome>((resolve) => (finish = resolve));

  const checkOnce = (): Promise<PollCheck> => {
    polls += 1;
    return check().catch((error: unknown): PollCheck => ({ kind: 'failed', error }));
  };

  const stopPolling = () => {
    if (pollTimer !== null) timers.clearTimeout(pollTimer);
    pollTimer = null;
    timers.clearInterval(closeTimer);
  };

  const end = (outcome: PollOutcome) => {
    if (phase === 'done') return;
    phase = 'done';
    stopPolling();
    finish(outcome);
  };

  const schedule = () => {
    pollTimer = timers.setTimeout(() => {
      pollTimer = null;
      void poll();
    }, timing.intervalMs);
  };

  async function poll() {
    if (phase !== 'polling') return;
    inFlight = checkOnce();
    const found = await inFlight;
    inFlight = null;
    // After a close, the close handler decides with this same answer.
    if (phase !== 'polling') return;
    if (found.kind !== 'pending') end(found);
    else if (polls >= timing.maxPolls) end({ kind: 'timeout' });
    else schedule();
  }

  const closeTimer = timers.setInterval(() => {
    if (phase !== 'polling' || !isPopupClosed()) return;
    phase = 'closing';
    stopPolling();
    void (inFlight ?? checkOnce()).then((last) =>
      end(last.kind === 'pages' || last.kind === 'connected' ? last : { kind: 'closed' }),
    );
  }, timing.closeCheckMs);

  schedule();

  return {
    done,
    cancel: () => end({ kind: 'cancelled' }),
    get polls() {
      return polls;
    },
  };
}
