import { describe, expect, it } from 'vitest';
import { withAuditDoor } from './audit-door';
import type { SqlClient } from './contracts';

/** A database that writes down what it is asked, transaction by transaction. */
function recordingDatabase() {
  const log: string[] = [];
  const client = (prefix: string): SqlClient => ({
    query: async <Row>(sql: string, params: unknown[] = []) => {
      log.push(`${prefix}${sql} ${JSON.stringify(params)}`);
      return { rows: [] as Row[], affectedRows: 0 };
    },
  });
  class Db {
    readonly #name = 'recording';
    readonly kind = 'pglite' as const;
    get name() {
      return this.#name;
    }
    query = client('bare: ').query;
    async transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
      log.push('begin');
      const result = await work(client('tx: '));
      log.push('commit');
      return result;
    }
    listen() {
      return this.#name;
    }
  }
  return { db: new Db(), log };
}

describe('withAuditDoor', () => {
  it('says the door first in every transaction, and runs a lone statement in a transaction of its own to say it', async () => {
    const { db, log } = recordingDatabase();
    const marked = withAuditDoor(db, 'service');
    await marked.query('update public.patients set phone = $1', ['1']);
    await marked.transaction((tx) => tx.query('select 1'));
    expect(log).toEqual([
      'begin',
      `tx: select set_config('ngiti.audit_source', $1, true) ["service"]`,
      'tx: update public.patients set phone = $1 ["1"]',
      'commit',
      'begin',
      `tx: select set_config('ngiti.audit_source', $1, true) ["service"]`,
      'tx: select 1 []',
      'commit',
    ]);
  });

  it('passes everything else through to the database itself, private fields included', () => {
    const { db } = recordingDatabase();
    const marked = withAuditDoor(db, 'service');
    expect(marked.kind).toBe('pglite');
    expect(marked.name).toBe('recording');
    expect(marked.listen()).toBe('recording');
  });
});
