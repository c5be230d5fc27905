import { describe, expect, it } from 'vitest';
import { createOwnWrites, instantKey, OWN_WRITE_MEMORY_MS } from './own-writes';

const answer = <T>(data: T) => Promise.resolve({ data, error: null });

describe('instantKey', () => {
  it('reads the same instant printed with another offset or fraction length as the same', () => {
    expect(instantKey('2026-11-23T07:49:23.1234+00:00')).toBe(instantKey('2026-11-23T15:49:23.123400+08:00'));
    expect(instantKey('2026-11-23T07:49:23Z')).toBe(instantKey('2026-11-23T07:49:23.000000+00'));
  });

  it('tells microseconds apart, which Date.parse would not', () => {
    expect(instantKey('2026-11-23T07:49:23.123456Z')).not.toBe(instantKey('2026-11-23T07:49:23.123457Z'));
  });

  it('gives null for what is not a timestamp', () => {
    expect(instantKey('yesterday')).toBeNull();
  });
});

describe('own writes of this tab', () => {
  it('recognise the row state a write answered, and only that one, for 30 s', async () => {
    let now = 1_000_000;
    const own = createOwnWrites(() => now);
    await own.track(answer([{ id: 41, status: 'Confirmed', updated_at: '2026-11-23T07:49:23.123456+00:00' }]));

    expect(own.isOwn({ id: 41, updated_at: '2026-11-23T15:49:23.123456+08:00' })).toBe(true);
    // Someone else's later change of the same row, and another row, are news.
    expect(own.isOwn({ id: 41, updated_at: '2026-11-23T07:49:24.000001+00:00' })).toBe(false);
    expect(own.isOwn({ id: 42, updated_at: '2026-11-23T07:49:23.123456+00:00' })).toBe(false);
    expect(own.isOwn({ id: 41 })).toBe(false);

    now += OWN_WRITE_MEMORY_MS;
    expect(own.isOwn({ id: 41, updated_at: '2026-11-23T07:49:23.123456+00:00' })).toBe(false);
  });

  it('remember the single row of an insert and ignore answers without a row', async () => {
    const own = createOwnWrites(() => 0);
    await own.track(answer({ id: 7, updated_at: '2026-11-23T07:00:00Z' }));
    await own.track(answer(null));
    expect(own.isOwn({ id: 7, updated_at: '2026-11-23T07:00:00.000000+00:00' })).toBe(true);
  });

  it('are busy while a write waits for its answer, and settle once it came (failed or not)', async () => {
    const own = createOwnWrites(() => 0);
    let fail!: (error: Error) => void;
    const pending = own.track(new Promise<{ data: unknown }>((_, reject) => (fail = reject)));
    expect(own.busy()).toBe(true);
    let settled = false;
    const waiting = own.settled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    fail(new Error('offline'));
    await expect(pending).rejects.toThrow('offline');
    await waiting;
    expect(settled).toBe(true);
    expect(own.busy()).toBe(false);
  });
});
