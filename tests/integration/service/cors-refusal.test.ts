/**
 * The notification service's answer to an origin CORS_ORIGINS does not list: over real HTTP, the
 * way a browser (preflight, then the request) and curl ask. A refusal names the origin in a 403
 * `{error}` and is logged once, with the allowed list.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { loadServiceConfig } from '../../../server/config.ts';
import type { ServiceDeps } from '../../../server/contracts.ts';

const SPA = 'https://app.ngiti.example';
const OTHER = 'http://127.0.0.1:5173';

const config = loadServiceConfig({
  SITE_URL: SPA,
  PUBLIC_URL: 'https://api.ngiti.example',
  CORS_ORIGINS: `${SPA},https://staff.ngiti.example`,
  JWT_SECRET: 'x'.repeat(40),
  META_APP_ID: '1',
  META_APP_SECRET: 'secret',
  META_VERIFY_TOKEN: 'verify',
});

const logLines: Record<string, unknown>[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(JSON.parse(line)) });

const deps: ServiceDeps = {
  config,
  db: {
    kind: 'pglite',
    query: async () => {
      throw new Error('no database in this test');
    },
    transaction: async () => {
      throw new Error('no database in this test');
    },
    listen: async () => async () => undefined,
  },
  logger,
  clock: { now: () => new Date('2026-11-23T01:00:00Z') },
  callers: { verify: async () => ({ ok: false, status: 401, error: 'You are not signed in. Please log in again.' }) },
  messenger: { send: async () => ({ ok: false, error: 'unused', transient: false }) },
};

let server: Server;
let url: string;

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const listening = createApp(deps).listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const preflight = (origin: string, path = '/status-notifications/1') =>
  fetch(`${url}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type',
    },
  });

const refusals = () =>
  logLines.filter((line) => line.msg === 'CORS: refused requests from an origin that is not in CORS_ORIGINS');

describe('CORS refusals of the notification service', () => {
  it('when an origin that is not allowed asks a preflight or sends a request, then 403 {error} names the origin and grants nothing', async () => {
    const expected = {
      error: `Requests from ${OTHER} are not allowed: it is not one of this service's allowed origins (CORS_ORIGINS).`,
    };
    const asked = await preflight(OTHER);
    expect(asked.status).toBe(403);
    expect(asked.headers.get('access-control-allow-origin')).toBeNull();
    expect(await asked.json()).toEqual(expected);

    const sent = await fetch(`${url}/appointments/7/send-reminder?clinic_id=1`, {
      method: 'POST',
      headers: { Origin: OTHER, authorization: 'Bearer whatever', 'content-type': 'application/json' },
      body: '{"days_ahead":1}',
    });
    expect(sent.status).toBe(403);
    expect(sent.headers.get('access-control-allow-origin')).toBeNull();
    expect(await sent.json()).toEqual(expected);
  });

  it('when an allowed origin or no origin at all (curl, a server) calls, then the request goes on as before', async () => {
    const allowed = await preflight('https://staff.ngiti.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://staff.ngiti.example');

    const withoutOrigin = await fetch(`${url}/status-notifications/1`, { method: 'POST' });
    expect(withoutOrigin.status).toBe(401);
    expect(await withoutOrigin.json()).toEqual({ error: 'You are not signed in. Please log in again.' });
  });

  it('when one origin is refused many times, then the log names it once, with the allowed list', async () => {
    const origin = 'http://tablet.clinic.example:8080';
    for (let i = 0; i < 3; i++) expect((await preflight(origin, '/api/facebook/status')).status).toBe(403);
    const lines = refusals().filter((line) => line.origin === origin);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      origin,
      allowedOrigins: [SPA, 'https://staff.ngiti.example'],
      path: '/api/facebook/status',
    });
  });
});
