import { expect } from 'vitest';
import type { Database, Queryable } from '../../local/db/database.ts';

/**
 * On a PostgreSQL server: runs `held` in a transaction of `db` kept open until `waiting`, sent
 * once `held` has run, waits on a lock (one backend of the database in a Lock wait); then runs
 * `beforeCommit` in that transaction, if given (what it does lands while `waiting` waits), commits
 * it and answers what `waiting` got. Fails when `waiting` never waits (nothing serialises the two).
 */
export async function whileHeldOpen<T>(
  db: Database,
  held: (tx: Queryable) => Promise<unknown>,
  waiting: () => PromiseLike<T>,
  beforeCommit?: (tx: Queryable) => Promise<unknown>,
): Promise<T> {
  let heldRan!: () => void;
  const ran = new Promise<void>((resolve) => (heldRan = resolve));
  let commit!: () => void;
  const mayCommit = new Promise<void>((resolve) => (commit = resolve));
  const first = db.transaction(async (tx) => {
    await held(tx);
    heldRan();
    await mayCommit;
    await beforeCommit?.(tx);
  });
  first.catch(() => heldRan());
  await ran;
  // Sent now (a query builder is lazy until awaited).
  const second = Promise.resolve(waiting());
  try {
    await expect
      .poll(async () => {
        const { rows } = await db.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_catalog.pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0]!.waiting;
      })
      .toBe(1);
  } finally {
    commit();
    await first;
  }
  return second;
}
