import { useCallback, useState, useSyncExternalStore } from 'react';

/**
 * What a guarded call answers when it was ignored because work with the same key was still in
 * flight (a double click). A symbol, so that it cannot be mistaken for a result, even `undefined`.
 */
export const ALREADY_PENDING: unique symbol = Symbol('already pending');
export type AlreadyPending = typeof ALREADY_PENDING;

/** Names one form's or one record's work: a string, a number, or an array like a query key. */
export type GuardKey = string | number | readonly unknown[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Equal keys hash alike, whatever the order of an object's properties inside them. */
function hashOf(key: GuardKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * The double-submit guard: the keys of work in flight. Starting work under a key that is held
 * is refused until that work settles; other keys are not affected. Listeners hear every change,
 * so a screen can show 'Saving...' for exactly the keys in flight.
 */
export class KeyedGuard<Key extends GuardKey = GuardKey> {
  readonly #held = new Map<string, { readonly key: Key; readonly owner: object | undefined }>();
  readonly #listeners = new Set<() => void>();
  #snapshot: readonly Key[] = [];

  /** Holds `key` and answers the function that lets it go; undefined when it is already held. */
  acquire(key: Key, owner?: object): (() => void) | undefined {
    const hash = hashOf(key);
    if (this.#held.has(hash)) return undefined;
    this.#held.set(hash, { key, owner });
    this.#changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held.delete(hash);
      this.#changed();
    };
  }

  /** Runs `work` under `key`, or answers ALREADY_PENDING at once when that key is in flight. */
  async run<Result>(key: Key, work: () => Promise<Result>, owner?: object): Promise<Result | AlreadyPending> {
    const release = this.acquire(key, owner);
    if (!release) return ALREADY_PENDING;
    try {
      return await work();
    } finally {
      release();
    }
  }

  isHeld(key: Key): boolean {
    return this.#held.has(hashOf(key));
  }

  /** Whether any key taken with this owner is still held. */
  holdsFor(owner: object): boolean {
    for (const entry of this.#held.values()) if (entry.owner === owner) return true;
    return false;
  }

  /** The keys in flight; the same array until one is taken or let go (a useSyncExternalStore snapshot). */
  readonly held = (): readonly Key[] => this.#snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed() {
    this.#snapshot = Array.from(this.#held.values(), (entry) => entry.key);
    for (const listener of this.#listeners) listener();
  }
}

/**
 * One guard for a component's user flows — work that spans confirmation dialogs and several
 * writes, e.g. one row's 'confirm, update, notify' — keyed per form or per record. Writes on
 * their own go through useGuardedMutation (src/lib/use-guarded-mutation.ts), which uses the same
 * guard.
 */
export function useKeyedGuard<Key extends GuardKey = GuardKey>() {
  const [guard] = useState(() => new KeyedGuard<Key>());
  const pending = useSyncExternalStore(guard.subscribe, guard.held, guard.held);
  const run = useCallback(<Result>(key: Key, work: () => Promise<Result>) => guard.run(key, work), [guard]);
  // `pending` is read so that the answer changes with each render that follows a change.
  const isPending = useCallback((key: Key) => pending.length > 0 && guard.isHeld(key), [guard, pending]);
  return { run, isPending, pending };
}
