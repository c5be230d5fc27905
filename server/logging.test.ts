import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeLogger, REDACTED, scrubErrorMessage, serializeError } from './logging';

const HASH = '$2b$10$abcdefghijklmnopqrstuu0123456789ABCDEFGHIJKLMNOPQRSTU';
const EMAIL = 'maria.santos@example.test';
const PSID = '2400000000079190';
const TEXT = 'Hi Maria, this is a reminder of your appointment';

/** A logger with the shared options writing into memory, and the lines it wrote. */
function capture(level = 'debug') {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createSafeLogger(level, 'test', stream);
  return {
    logger,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('log redaction (server/logging.ts)', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`create table users (email text unique, encrypted_password text, messenger_id text)`);
    await db.query('insert into users values ($1, $2, $3)', [EMAIL, HASH, PSID]);
  });

  afterAll(async () => {
    await db.close();
  });

  it('when a PGlite error with the query, its bound values and the key detail is logged, then only what failed is kept', async () => {
    const error = await db.query('insert into users values ($1, $2, $3)', [EMAIL, HASH, PSID]).catch((e: unknown) => e);
    expect((error as { params?: unknown }).params).toEqual([EMAIL, HASH, PSID]);
    const out = capture();

    out.logger.error({ err: error }, 'insert failed');

    expect(out.text()).not.toContain(EMAIL);
    expect(out.text()).not.toContain(HASH);
    expect(out.text()).not.toContain(PSID);
    const [line] = out.lines();
    expect(line!.err).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_key"',
      table: 'users',
      constraint: 'users_email_key',
    });
    for (const field of ['detail', 'where', 'query', 'params', 'queryOptions', 'internalQuery', 'parameters']) {
      expect(line!.err).not.toHaveProperty(field);
    }
  });

  it('when a pg error with detail, where and parameters is logged, then those fields are dropped', () => {
    const error = Object.assign(
      new pg.DatabaseError('invalid input syntax for type uuid: "' + EMAIL + '"', 1, 'error'),
      {
        code: '22P02',
        detail: `Key (email)=(${EMAIL}) already exists.`,
        where: `SQL statement "update auth.users set encrypted_password = '${HASH}'"`,
        internalQuery: `select '${HASH}'`,
        parameters: [EMAIL, HASH],
      },
    );
    const out = capture();

    out.logger.warn({ err: error, error }, 'query failed');

    expect(out.text()).not.toContain(EMAIL);
    expect(out.text()).not.toContain(HASH);
    const [line] = out.lines();
    expect(line!.err).toMatchObject({
      code: '22P02',
      message: `invalid input syntax for type uuid: "${REDACTED}"`,
    });
    expect(line!.error).toEqual(line!.err);
  });

  it('when private fields are logged at any depth, then their values are censored', () => {
    const out = capture();

    out.logger.info(
      {
        password: 'Demo1234!',
        user: { email: EMAIL, encrypted_password: HASH, profile: { phone: '+63 917 111 2222' } },
        headers: { authorization: 'Bearer eyJhbGciOi.eyJzdWIiOi.sig', cookie: 'sb=1', 'set-cookie': 'sb=2' },
        session: { access_token: 'eyJ.a.b', refresh_token: 'r3fr3sh-t0k3n-value-xxxxxxxxxxxx' },
        clinic: { fb_page_access_token: 'EAAPAGE-secret', page_access_token: 'EAAPAGE-other' },
        outgoing: { recipient: { id: PSID }, message: { text: TEXT } },
        event: { psid: PSID, senderPsid: PSID, recipientId: PSID, token_hash: 'pkce_abc' },
        config: { appSecret: 'app-secret', jwtSecret: 'jwt-secret' },
      },
      'private things',
    );

    const text = out.text();
    for (const secret of [
      'Demo1234!',
      EMAIL,
      HASH,
      '+63 917',
      'Bearer',
      'sb=1',
      'sb=2',
      'eyJ',
      'r3fr3sh',
      'EAAPAGE',
      PSID,
      TEXT,
      'pkce_abc',
      'app-secret',
      'jwt-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
    const [line] = out.lines();
    expect(line).toMatchObject({
      password: REDACTED,
      user: { email: REDACTED, encrypted_password: REDACTED, profile: { phone: REDACTED } },
      outgoing: { recipient: REDACTED, message: { text: REDACTED } },
      msg: 'private things',
    });
  });

  it('when private fields are nested deep, written in another case or inside errors logged under other keys, then they are censored too', () => {
    const out = capture();
    const failure = Object.assign(new Error('send failed'), { params: [PSID], detail: EMAIL });

    out.logger.warn(
      {
        a: { b: { c: { d: { password: 'Demo1234!' } } } },
        headers: { Authorization: 'Basic c2VjcmV0' },
        list: [{ email: EMAIL }, { psid: PSID }],
        result: { failure },
        error: { recipient: { id: PSID } },
      },
      'nested',
    );

    const text = out.text();
    for (const secret of ['Demo1234!', 'c2VjcmV0', EMAIL, PSID]) expect(text).not.toContain(secret);
    expect(out.lines()[0]).toMatchObject({
      a: { b: { c: { d: { password: REDACTED } } } },
      headers: { Authorization: REDACTED },
      list: [{ email: REDACTED }, { psid: REDACTED }],
      result: { failure: { message: 'send failed' } },
      error: { recipient: REDACTED },
    });
  });

  it('when an error has a cause, then the cause is serialized the same safe way', () => {
    const inner = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED', params: [EMAIL] });
    const outer = new Error('could not load', { cause: inner });
    const out = capture();

    out.logger.error({ err: outer }, 'failed');

    expect(out.text()).not.toContain(EMAIL);
    expect(out.lines()[0]!.err).toMatchObject({
      message: 'could not load',
      cause: { message: 'connection refused', code: 'ECONNREFUSED' },
    });
  });

  it('when fields that are not private are logged, then they stay as they are', () => {
    const out = capture();
    const child = out.logger.child({ module: 'notification-service' });

    child.info({ method: 'POST', path: '/webhook', status: 200, clinicId: 3, appointmentId: 17 }, 'request');

    expect(out.lines()[0]).toMatchObject({
      service: 'test',
      module: 'notification-service',
      method: 'POST',
      path: '/webhook',
      status: 200,
      clinicId: 3,
      appointmentId: 17,
    });
  });

  it('scrubs only quoted values after a colon, not quoted identifiers', () => {
    expect(scrubErrorMessage('relation "patients" does not exist')).toBe('relation "patients" does not exist');
    expect(scrubErrorMessage('invalid input value for enum role: "x@y"')).toBe(
      `invalid input value for enum role: "${REDACTED}"`,
    );
    expect(serializeError('plain: "secret"')).toBe(`plain: "${REDACTED}"`);
    expect(serializeError(undefined)).toBeUndefined();
  });

  it('is what pino itself would print for an error, without the private fields', () => {
    const serialized = serializeError(new TypeError('bad')) as Record<string, unknown>;
    expect(serialized).toMatchObject({ type: 'TypeError', message: 'bad' });
    expect(String(serialized.stack)).toContain('TypeError: bad');
    expect(pino.stdSerializers.err(new TypeError('bad'))).toMatchObject({ type: 'TypeError', message: 'bad' });
  });
});
