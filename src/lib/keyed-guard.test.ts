import { describe, expect, it, vi } from 'vitest';
import { ALREADY_PENDING, KeyedGuard } from './keyed-guard';

/** A promise settled from outside, to hold work in flight. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the keyed guard', () => {
  it('ignores a second start with the same key while the first is in flight, and allows it afterwards', async () => {
    const guard = new KeyedGuard();
    const held = deferred<string>();
    const work = vi.fn(() => held.promise);

    const first = guard.run(['appointments', 'save', 7], work);
    const second = guard.run(['appointments', 'save', 7], work);
    expect(await second).toBe(ALREADY_PENDING);
    expect(work).toHaveBeenCalledTimes(1);
    expect(guard.isHeld(['appointments', 'save', 7])).toBe(true);

    held.resolve('saved');
    expect(await first).toBe('saved');
    expect(guard.isHeld(['appointments', 'save', 7])).toBe(false);
    expect(await guard.run(['appointments', 'save', 7], async () => 'again')).toBe('again');
  });

  it('does not hold up another key', async () => {
    const guard = new KeyedGuard();
    const held = deferred();
    void guard.run(['appointments', 'save', 7], () => held.promise);
    expect(await guard.run(['appointments', 'save', 8], async () => 'other row')).toBe('other row');
    expect(await guard.run(['appointments', 'delete', 7], async () => 'other write')).toBe('other write');
    held.resolve();
  });

  it('lets the key go when the work fails, passing the failure on', async () => {
    const guard = new KeyedGuard<string>();
    await expect(guard.run('form', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(guard.isHeld('form')).toBe(false);
  });

  it('takes equal keys as one, whatever the order of properties inside them', async () => {
    const guard = new KeyedGuard();
    const held = deferred();
    void guard.run(['reminders', { clinicId: 1, appointmentId: 2 }], () => held.promise);
    expect(guard.isHeld(['reminders', { appointmentId: 2, clinicId: 1 }])).toBe(true);
    expect(guard.isHeld(['reminders', { appointmentId: 3, clinicId: 1 }])).toBe(false);
    expect(guard.isHeld(['reminders', '{"clinicId":1,"appointmentId":2}'])).toBe(false);
    held.resolve();
  });

  it('tells listeners of each change, with the keys in flight as a snapshot that is stable in between', async () => {
    const guard = new KeyedGuard<number>();
    const listener = vi.fn();
    const unsubscribe = guard.subscribe(listener);
    const before = guard.held();
    expect(guard.held()).toBe(before);

    const held = deferred();
    const running = guard.run(100, () => held.promise);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(guard.held()).toEqual([100]);
    expect(guard.held()).toBe(guard.held());
    await guard.run(100, async () => undefined);
    expect(listener).toHaveBeenCalledTimes(1);

    held.resolve();
    await running;
    expect(listener).toHaveBeenCalledTimes(2);
    expect(guard.held()).toEqual([]);
    unsubscribe();
  });

  it('knows which owner holds which key', () => {
    const guard = new KeyedGuard<string>();
    const form = {};
    const other = {};
    const release = guard.acquire('save', form)!;
    expect(guard.holdsFor(form)).toBe(true);
    expect(guard.holdsFor(other)).toBe(false);
    expect(guard.acquire('save', other)).toBeUndefined();
    release();
    release();
    expect(guard.holdsFor(form)).toBe(false);
    expect(guard.held()).toEqual([]);
  });
});
