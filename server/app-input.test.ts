/**
 * Every route of the service (server/app.ts) walked with input a client may send by mistake or on
 * purpose: undecodable or overflowing path ids, NUL and lone surrogates, numbers out of range,
 * wrong types, bodies that are not JSON, too large or deeply nested. The app runs standalone (as
 * `npm run server` does), over real HTTP with stand-in dependencies. Nothing may answer 5xx, and
 * every error is the service's `{error}`.
 */
import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import type { ServiceDatabase, ServiceDeps, SqlClient } from './contracts';
import { MALFORMED_URL } from './http/errors';
import { whenWebhookIdle } from './webhook/router';

const config = loadServiceConfig({
  SITE_URL: 'https://app.ngiti.example',
  PUBLIC_URL: 'https://api.ngiti.example',
  JWT_SECRET: 'x'.repeat(40),
  META_APP_ID: '1',
  META_APP_SECRET: 'secret',
  META_VERIFY_TOKEN: 'verify',
  RATE_LIMIT_PER_MINUTE: '100000',
  REMINDER_RATE_LIMIT_PER_MINUTE: '10000',
});

/** A database with no rows at all: every appointment, clinic and state is unknown. */
const emptyDb: ServiceDatabase = {
  kind: 'pglite',
  query: async <Row>() => ({ rows: [] as Row[], affectedRows: 0 }),
  transaction: async <T>(work: (tx: SqlClient) => Promise<T>) => work(emptyDb),
  listen: async () => async () => undefined,
};

let sends = 0;
const deps: ServiceDeps = {
  config,
  db: emptyDb,
  logger: pino({ level: 'silent' }),
  clock: { now: () => new Date('2026-11-21T01:00:00Z') },
  callers: {
    verify: async (token) =>
      token === 'good'
        ? { ok: true, caller: { userId: 'u', email: null, role: 'admin', clinicId: 1 } }
        : { ok: false, status: 401, error: 'You are not signed in. Please log in again.' },
  },
  messenger: {
    send: async () => {
      sends += 1;
      return { ok: true, messageId: 'm_1', via: 'message' };
    },
  },
};

let server: Server;
let url: string;

beforeAll(async () => {
  const app = createApp(deps);
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Each route with `{id}` where a path id goes. */
const ROUTES: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/status-notifications/{id}' },
  { method: 'POST', path: '/appointments/{id}/send-reminder?clinic_id=1' },
  { method: 'POST', path: '/api/clinics/{id}/facebook/connect-state' },
  { method: 'GET', path: '/api/clinics/{id}/facebook/connect?state=x' },
  { method: 'GET', path: '/api/clinics/{id}/facebook/pages' },
  { method: 'POST', path: '/api/clinics/{id}/facebook/select-page' },
];

const BAD_IDS = [
  '%ff%fe',
  '%E0%A4%A',
  '%',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded: not decodable
  '%00',
  '1%00',
  '1e308',
  '99999999999999999999',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  'abc',
  '%F0%9F%98%80',
  'x'.repeat(2000),
];

async function call(method: string, path: string, init: { body?: string; type?: string; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.type !== undefined) headers['content-type'] = init.type;
  const response = await fetch(`${url}${path}`, { method, headers, body: method === 'GET' ? undefined : init.body });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

/** A 4xx with the service's `{error}` body (the popup routes answer HTML pages instead). */
function expectClientError(answer: { status: number; type: string; text: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  if (answer.type.startsWith('application/json')) {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body), what).toEqual(['error']);
    expect(typeof body.error, what).toBe('string');
  }
  expect(answer.text, what).not.toMatch(/URIError|Failed to decode|at \w+ \(|node_modules/);
}

describe('path ids', () => {
  it('when the id cannot be percent-decoded, then 400 {error} naming the URL, signed in or not', async () => {
    for (const { method, path } of ROUTES)
      for (const id of ['%ff%fe', '%E0%A4%A', '%ED%A0%80', '%']) {
        for (const token of [undefined, 'good']) {
          const answer = await call(method, path.replace('{id}', id), { token, type: 'application/json', body: '{}' });
          expect(answer.status, `${method} ${path} ${id}`).toBe(400);
          expect(JSON.parse(answer.text), `${method} ${path} ${id}`).toEqual({ error: MALFORMED_URL });
        }
      }
  });

  it('when the id is NUL, overflowing, negative, fractional or not a number, then a 4xx, never a 5xx', async () => {
    for (const { method, path } of ROUTES)
      for (const id of BAD_IDS) {
        const answer = await call(method, path.replace('{id}', id), {
          token: 'good',
          type: 'application/json',
          body: JSON.stringify({ status: 'Cancelled', clinic_id: 1, days_ahead: 1, pageId: '1', pageAccessToken: 'h' }),
        });
        expectClientError(answer, `${method} ${path} ${id}`);
      }
    expect(sends).toBe(0);
  });

  it('when clinic_id in the query string is bad, then 400', async () => {
    for (const clinic of ['%ff', '%00', '1e308', '99999999999999999999', '1&clinic_id=2', '']) {
      const answer = await call('POST', `/appointments/1/send-reminder?clinic_id=${clinic}`, {
        token: 'good',
        type: 'application/json',
        body: JSON.stringify({ days_ahead: 1 }),
      });
      expect(answer.status, clinic).toBe(400);
      expect(JSON.parse(answer.text), clinic).toEqual({
        error: 'clinic_id (in the query string) must be a positive whole number.',
      });
    }
  });
});

describe('bodies', () => {
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const BODIES: { what: string; body: string; type?: string }[] = [
    { what: 'invalid JSON', body: '{"status": "Cancelled",' },
    { what: 'a JSON array', body: '[1, 2]' },
    { what: 'a JSON string', body: '"x"' },
    { what: 'null', body: 'null' },
    { what: 'an empty body', body: '' },
    { what: 'a deep object', body: deep(5000) },
    { what: 'a deep array', body: `${'['.repeat(15000)}${']'.repeat(15000)}` },
    { what: 'over 32 kB', body: JSON.stringify({ status: 'Cancelled', clinic_id: 1, message: 'x'.repeat(40_000) }) },
    { what: 'plain text', body: 'status=Cancelled', type: 'text/plain' },
    { what: 'a form', body: 'status=Cancelled&clinic_id=1', type: 'application/x-www-form-urlencoded' },
    { what: 'JSON in another charset', body: '{}', type: 'application/json; charset=utf-7' },
    { what: 'no content type', body: '{}', type: '' },
    {
      what: 'wrong types',
      body: '{"status": 1, "clinic_id": "1", "days_ahead": "2", "message": 3, "pageId": 1, "pageAccessToken": []}',
    },
    { what: 'overflowing numbers', body: '{"status": "Cancelled", "clinic_id": 1e308, "days_ahead": 1e400}' },
    { what: 'a huge integer', body: '{"status": "Cancelled", "clinic_id": 99999999999999999999, "days_ahead": 1}' },
    {
      what: 'NUL everywhere',
      body: '{"status": "Cancelled\\u0000", "clinic_id": 1, "days_ahead": 1, "message": "a\\u0000b", "message_override": "\\u0000", "recipient_override": "1\\u0000", "pageId": "1\\u0000", "pageAccessToken": "h\\u0000"}',
    },
    {
      what: 'lone surrogates',
      body: '{"status": "Cancelled", "clinic_id": 1, "days_ahead": 1, "message": "\\ud83d", "message_override": "x\\ude00", "pageId": "\\ud800", "pageAccessToken": "\\udfff"}',
    },
    { what: 'a NUL key', body: '{"\\u0000": 1, "status": "Cancelled", "clinic_id": 1}' },
  ];

  it('when a body is malformed, of the wrong kind or holds unstorable text, then a 4xx {error} on every route', async () => {
    for (const { method, path } of ROUTES.filter((route) => route.method === 'POST'))
      for (const { what, body, type } of BODIES) {
        const answer = await call(method, path.replace('{id}', '1'), {
          token: 'good',
          body,
          type: type === undefined ? 'application/json' : type || undefined,
        });
        expectClientError(answer, `${path}: ${what}`);
      }
    expect(sends).toBe(0);
  });

  it('when a status message holds a NUL or half an emoji, then 400 naming it, before anything is sent', async () => {
    for (const message of ['a\u0000b', 'x\ud83d', '\ude00y']) {
      const answer = await call('POST', '/status-notifications/1', {
        token: 'good',
        type: 'application/json',
        body: JSON.stringify({ status: 'Cancelled', clinic_id: 1, message }),
      });
      expect(answer.status, JSON.stringify(message)).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        error: 'message contains a character that cannot be sent (a NUL character or a broken emoji).',
      });
    }
    const tooLong = await call('POST', '/status-notifications/1', {
      token: 'good',
      type: 'application/json',
      body: JSON.stringify({ status: 'Cancelled', clinic_id: 1, message: `${'x'.repeat(1001)}\u0000` }),
    });
    expect(JSON.parse(tooLong.text)).toEqual({ error: 'message must be at most 1000 characters.' });
    expect(sends).toBe(0);
  });

  it('when a manual reminder override holds a NUL, then 400 naming the field', async () => {
    const answer = await call('POST', '/appointments/1/send-reminder?clinic_id=1', {
      token: 'good',
      type: 'application/json',
      body: JSON.stringify({ days_ahead: 1, message_override: 'Hi\u0000' }),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      error: 'message_override contains a character that cannot be sent (a NUL character or a broken emoji).',
    });
  });
});

describe('the webhook and the OAuth callback', () => {
  it('when their query strings or bodies are odd, then no 5xx', async () => {
    for (const query of ['hub.mode=%ff', 'hub.challenge=%00&hub.mode=subscribe', 'hub.verify_token=%E0%A4%A', '%']) {
      const answer = await call('GET', `/webhook?${query}`);
      expectClientError(answer, query);
    }
    for (const query of ['state=%ff%fe', 'code=%00&state=v1.x.y', 'error=%E0%A4%A', 'state=' + 'x'.repeat(5000)]) {
      const answer = await call('GET', `/api/facebook/callback?${query}`);
      expectClientError(answer, query);
    }
    for (const path of ['/webhook/%ff%fe', '/webhook/%00', '/api/facebook/callback/%E0%A4%A']) {
      const answer = await call('POST', path, { type: 'application/json', body: '{}' });
      expectClientError(answer, path);
    }
  });

  it('when a signed webhook body is deep, odd or holds NUL, huge numbers or wrong types, then 200 or 400, never 5xx', async () => {
    const bodies = [
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `{"object":"page","entry":[${'{"id":"1","messaging":[{"sender":{"id":"a"},"timestamp":1e308,"message":{"mid":"m","text":"x"}}]},'.repeat(50)}{}]}`,
      '{"object":"page","entry":[{"id":"1\\u0000","messaging":[{"sender":{"id":"\\u0000"},"timestamp":1e20,"postback":{"payload":"\\ud800"}}]}]}',
      `{"object":"page","entry":[{"id":"1","messaging":[{"sender":{"id":"a"},"message":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}]}]}`,
      '{"object":"page","entry":[{"id":99999999999999999999,"messaging":[{"sender":{"id":1e308},"timestamp":-1}]}]}',
      '{"object":"page","entry":"x"}',
      '{"object":"page","entry":[null, 1, "x", {"id": {}}]}',
      '"page"',
      '{"object":',
    ];
    for (const body of bodies) {
      const signature = `sha256=${createHmac('sha256', config.metaAppSecret).update(body).digest('hex')}`;
      const response = await fetch(`${url}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      });
      expect([200, 400], body.slice(0, 80)).toContain(response.status);
      if (response.status === 400) expect(Object.keys((await response.json()) as object)).toEqual(['error']);
    }
    await whenWebhookIdle();
  });
});
