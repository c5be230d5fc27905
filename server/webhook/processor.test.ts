import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { QueryResult, ServiceDatabase, SqlClient } from '../contracts';
import type { InboundEvent } from './events';
import { createWebhookQueue, unprocessableReason } from './processor';

const SENT_AT = new Date('2026-11-23T01:00:00.000Z');
const event = (overrides: Partial<InboundEvent>): InboundEvent => ({
  pageId: '1000000000000001',
  psid: 'psid-secret-42',
  sentAt: SENT_AT,
  mid: 'm_1',
  kind: 'message',
  payload: null,
  text: 'my private words',
  raw: { sender: { id: 'psid-secret-42' }, message: { mid: 'm_1', text: 'my private words' } },
  ...overrides,
});

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

/** A database that keeps dead letters and fails every other statement like Postgres refusing a NUL. */
function deadLetterDb() {
  const letters: unknown[][] = [];
  const db: ServiceDatabase = {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      if (sql.includes('webhook_dead_letters')) {
        letters.push(params);
        return { rows: [{ id: String(letters.length) }] as Row[], affectedRows: 1 };
      }
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
        detail: 'Key (psid)=(psid-secret-42) failed',
      });
    },
    transaction: async <T>(work: (tx: SqlClient) => Promise<T>) => work(db),
    listen: async () => async () => undefined,
  };
  return { db, letters };
}

describe('unprocessableReason', () => {
  it('names the field Postgres cannot store, or an out-of-range timestamp; null for a good event', () => {
    expect(unprocessableReason(event({}))).toBeNull();
    expect(unprocessableReason(event({ psid: 'a\u0000' }))).toBe(
      'The sender id contains a NUL character or an unpaired surrogate.',
    );
    expect(unprocessableReason(event({ payload: 'x\uD800' }))).toBe(
      'The payload contains a NUL character or an unpaired surrogate.',
    );
    expect(unprocessableReason(event({ mid: '\uDC00' }))).toBe(
      'The message id (mid) contains a NUL character or an unpaired surrogate.',
    );
    expect(unprocessableReason(event({ sentAt: new Date(1e20) }))).toBe('The timestamp is out of range.');
  });
});

describe('the webhook queue', () => {
  it('when events fail, then each is dead-lettered and counted in the logs, without text or sender id', async () => {
    const { db, letters } = deadLetterDb();
    const { lines, logger } = capturingLogger();
    const queue = createWebhookQueue({
      db,
      logger,
      clock: { now: () => SENT_AT },
      messenger: { send: async () => ({ ok: false, error: 'unused', transient: false }) },
    });
    const results = await queue.enqueue([event({ psid: 'psid-\u0000' }), event({ sentAt: new Date(1e20) }), event({})]);
    expect(results).toEqual([
      { kind: 'dead-letter', reason: 'The sender id contains a NUL character or an unpaired surrogate.', id: 1 },
      { kind: 'dead-letter', reason: 'The timestamp is out of range.', id: 2 },
      { kind: 'dead-letter', reason: 'Processing failed: database error 22021.', id: 3 },
    ]);
    expect(letters.map((params) => params[1])).toEqual([
      'The sender id contains a NUL character or an unpaired surrogate.',
      'The timestamp is out of range.',
      'Processing failed: database error 22021.',
    ]);
    expect(JSON.parse(letters[0]![2] as string)).toEqual(event({}).raw);

    const logged = lines.filter((line) => line.msg === 'webhook event dead-lettered');
    expect(logged.map((line) => [line.deadLetters, line.deadLetterId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/psid-secret|private words|psid-/);
  });

  it('when the dead letter itself cannot be stored, then it is still counted and logged, and the next event runs', async () => {
    const { lines, logger } = capturingLogger();
    const db: ServiceDatabase = {
      kind: 'pglite',
      query: async () => {
        throw Object.assign(new Error('the database is down'), { code: '57P01' });
      },
      transaction: async () => {
        throw new Error('the database is down');
      },
      listen: async () => async () => undefined,
    };
    const queue = createWebhookQueue({
      db,
      logger,
      clock: { now: () => SENT_AT },
      messenger: { send: async () => ({ ok: false, error: 'unused', transient: false }) },
    });
    const results = await queue.enqueue([event({ sentAt: new Date(1e20) }), event({})]);
    expect(results).toEqual([
      { kind: 'dead-letter', reason: 'The timestamp is out of range.', id: null },
      { kind: 'dead-letter', reason: 'Processing failed: database error 57P01.', id: null },
    ]);
    expect(lines.filter((line) => line.msg === 'webhook dead letter could not be stored')).toHaveLength(2);
    expect(lines.filter((line) => line.msg === 'webhook event dead-lettered').map((line) => line.deadLetters)).toEqual([
      1, 2,
    ]);
  });
});
