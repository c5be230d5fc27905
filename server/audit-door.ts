/**
 * The audit trail's door of a direct database connection. A statement without a user's JWT is
 * recorded as `sql` unless its transaction says which service it is
 * (`ngiti.audit_source`, supabase/migrations/20261201000800_audit.sql): a service hands its
 * parts a database through `withAuditDoor`, which says so at the start of every transaction and
 * runs a lone statement in a transaction of its own to say it. Nothing else changes: LISTEN, and
 * scripts (`exec`, migrations are SQL), pass through.
 */
import type { SqlClient } from './contracts';

export type AuditDoor = 'service' | 'webhook';

const SAY_DOOR = `select set_config('ngiti.audit_source', $1, true)`;

interface Transactional extends SqlClient {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
}

export function withAuditDoor<Db extends Transactional>(db: Db, door: AuditDoor): Db {
  const transaction = <T>(work: (tx: SqlClient) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.query(SAY_DOOR, [door]);
      return work(tx);
    });
  const query: SqlClient['query'] = (sql, params) => transaction((tx) => tx.query(sql, params));
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      if (property === 'query') return query;
      // The target as `this`: a class with private fields (a database in a worker, say) keeps working.
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
