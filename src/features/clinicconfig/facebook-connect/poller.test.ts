import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FacebookPage } from '@common/contract';
import { FACEBOOK_POLL, startFacebookPoll, type PollCheck, type PollOutcome, type PollTimers } from './poller';

const page: FacebookPage = {
  id: '1000000000000002',
  name: 'Bright Teeth Page',
  access_token: 'fbp_handle',
  picture: { data: { url: null } },
};

// vi's fake timers, handed in as the poller's timers: no real time passes in these tests.
const timers: PollTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A poll whose checks answer from `answers` in turn ('pending' once they run out). */
function startWith(answers: PollCheck[], popup = { closed: false }) {
  const check = vi.fn(async () => answers.shift() ?? ({ kind: 'pending' } as const));
  const poll = startFacebookPoll({ check, isPopupClosed: () => popup.closed, timers });
  let outcome: PollOutcome | undefined;
  void poll.done.then((value) => (outcome = value));
  return { poll, check, popup, outcome: () => outcome };
}

describe('startFacebookPoll', () => {
  it('polls every 2000 ms, the first time 2000 ms after the popup opened', async () => {
    const { check } = startWith([]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000 * 4);
    expect(check).toHaveBeenCalledTimes(5);
  });

  it('when pages are found, then it ends with them and polls no more', async () => {
    const { check, outcome } = startWith([{ kind: 'pending' }, { kind: 'pages', pages: [page] }]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(outcome()).toEqual({ kind: 'pages', pages: [page] });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('when the clinic became connected, then it ends as connected', async () => {
    const { outcome } = startWith([{ kind: 'pending' }, { kind: 'pending' }, { kind: 'connected' }]);
    await vi.advanceTimersByTimeAsync(6000);
    expect(outcome()).toEqual({ kind: 'connected' });
  });

  it('when nothing is found after 30 polls (about 60 s), then it ends with a timeout', async () => {
    const { check, outcome } = startWith([]);
    await vi.advanceTimersByTimeAsync(2000 * 29);
    expect(check).toHaveBeenCalledTimes(29);
    expect(outcome()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2000);
    expect(check).toHaveBeenCalledTimes(FACEBOOK_POLL.maxPolls);
    expect(outcome()).toEqual({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(30);
  });

  it('when the popup is closed, then polling stops within 250 ms after one last check', async () => {
    const { check, popup, outcome } = startWith([]);
    await vi.advanceTimersByTimeAsync(2100);
    expect(check).toHaveBeenCalledTimes(1);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    expect(outcome()).toEqual({ kind: 'closed' });
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('when the popup closed itself after the login finished, then the last check still finds the pages', async () => {
    const { popup, outcome } = startWith([{ kind: 'pending' }, { kind: 'pages', pages: [page] }]);
    await vi.advanceTimersByTimeAsync(2000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    expect(outcome()).toEqual({ kind: 'pages', pages: [page] });
  });

  it('when a check is under way as the popup closes, then its answer is the last check', async () => {
    let answer!: (value: PollCheck) => void;
    const check = vi.fn(() => new Promise<PollCheck>((resolve) => (answer = resolve)));
    const popup = { closed: false };
    const poll = startFacebookPoll({ check, isPopupClosed: () => popup.closed, timers });
    await vi.advanceTimersByTimeAsync(2000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    answer({ kind: 'pending' });
    expect(await poll.done).toEqual({ kind: 'closed' });
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('when a check fails in a way asking again cannot fix, then it ends with that failure', async () => {
    const refused = new Error('Only a clinic admin can connect a Facebook page.');
    const { outcome } = startWith([{ kind: 'failed', error: refused }]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(outcome()).toEqual({ kind: 'failed', error: refused });
  });

  it('when a check throws, then it ends as failed rather than hanging', async () => {
    const broken = new Error('broken');
    const poll = startFacebookPoll({
      check: () => Promise.reject(broken),
      isPopupClosed: () => false,
      timers,
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await poll.done).toEqual({ kind: 'failed', error: broken });
  });

  it('when cancelled, then it ends at once and never checks again', async () => {
    const { poll, check, outcome } = startWith([]);
    await vi.advanceTimersByTimeAsync(2000);
    poll.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome()).toEqual({ kind: 'cancelled' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes shorter timings when given them', async () => {
    const check = vi.fn(async (): Promise<PollCheck> => ({ kind: 'pending' }));
    const poll = startFacebookPoll({
      check,
      isPopupClosed: () => false,
      timers,
      timing: { intervalMs: 10, maxPolls: 3, closeCheckMs: 5 },
    });
    await vi.advanceTimersByTimeAsync(30);
    expect(await poll.done).toEqual({ kind: 'timeout' });
    expect(check).toHaveBeenCalledTimes(3);
  });
});
