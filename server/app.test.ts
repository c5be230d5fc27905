/**
 * The app factory on its own, over real HTTP on a free port, with stand-in dependencies: security
 * headers, CORS, rate limits, 404s, the one error handler, and mounting inside another app.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadServiceConfig } from './config';
import type { ServiceDatabase, ServiceDeps } from './contracts';

const config = loadServiceConfig({
  SITE_URL: 'https://app.ngiti.example',
  PUBLIC_URL: 'https://api.ngiti.example',
  JWT_SECRET: 'x'.repeat(40),
  META_APP_ID: '1',
  META_APP_SECRET: 'secret',
  META_VERIFY_TOKEN: 'verify',
  RATE_LIMIT_PER_MINUTE: '5',
});

const brokenDb: ServiceDatabase = {
  kind: 'pglite',
  query: async () => {
    throw new Error(
      'connection to server at "db.internal" (10.0.0.5), port 5432 failed: password authentication failed',
    );
  },
  transaction: async () => {
    throw new Error('no database');
  },
  listen: async () => async () => undefined,
};

function deps(): ServiceDeps {
  return {
    config,
    db: brokenDb,
    logger: pino({ level: 'silent' }),
    clock: { now: () => new Date('2026-11-21T01:00:00Z') },
    callers: {
      verify: async (token) =>
        token === 'good'
          ? { ok: true, caller: { userId: 'u', email: null, role: 'receptionist', clinicId: 1 } }
          : { ok: false, status: 401, error: 'You are not signed in. Please log in again.' },
    },
    messenger: { send: async () => ({ ok: false, error: 'unused', transient: false }) },
  };
}

let server: Server | undefined;
async function serve(app: express.Express): Promise<string> {
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('createApp', () => {
  it('when any service path answers, then it carries security headers and no framework banner', async () => {
    const url = await serve(createApp(deps()));
    const response = await fetch(`${url}/status-notifications/1`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it("when the SPA's origin asks a preflight, then CORS allows its headers; another origin gets no CORS headers", async () => {
    const url = await serve(createApp(deps()));
    const allowed = await fetch(`${url}/status-notifications/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.ngiti.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.ngiti.example');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();

    const other = await fetch(`${url}/status-notifications/1`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when a path is unknown, then 404 {error:"Not found"}', async () => {
    const url = await serve(createApp(deps()));
    for (const path of ['/nothing', '/api/unknown', '/status-notifications', '/appointments/1/other']) {
      const response = await fetch(`${url}${path}`, { method: 'POST' });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('when something unexpected fails, then 500 with a generic {error} and nothing of the cause', async () => {
    const url = await serve(createApp(deps()));
    const response = await fetch(`${url}/status-notifications/1`, {
      method: 'POST',
      headers: { authorization: 'Bearer good', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Cancelled', clinic_id: 1 }),
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong on the server. Please try again.' });
    expect(text).not.toMatch(/password|db\.internal|at \w+ \(/);
  });

  it('when one address makes too many staff requests, then 429; the webhook is never throttled', async () => {
    const url = await serve(createApp(deps()));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await fetch(`${url}/status-notifications/1`, { method: 'POST' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await fetch(`${url}/api/clinics/1/facebook/pages`);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'Too many requests. Please wait a minute and try again.' });
    for (let attempt = 0; attempt < 6; attempt += 1)
      expect((await fetch(`${url}/webhook`, { method: 'POST' })).status).not.toBe(429);
  });

  it('when mounted in another app with fallThrough, then only its own paths are answered', async () => {
    const parent = express();
    parent.use(createApp(deps(), { fallThrough: true }));
    parent.get('/rest/v1/patients', (_req, res) => {
      res.json({ from: 'gateway' });
    });
    const url = await serve(parent);
    const gateway = await fetch(`${url}/rest/v1/patients`);
    expect(await gateway.json()).toEqual({ from: 'gateway' });
    expect(gateway.headers.get('content-security-policy')).toBeNull();
    const service = await fetch(`${url}/api/unknown`);
    expect(service.status).toBe(404);
    expect(await service.json()).toEqual({ error: 'Not found' });
  });

  it('when mounted with fallThrough, then a page load of a path it answers only POSTs on is the parent’s', async () => {
    const parent = express();
    parent.use(createApp(deps(), { fallThrough: true }));
    parent.use((_req, res) => {
      res.type('html').send('<p>the SPA</p>');
    });
    const url = await serve(parent);
    const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const path of ['/appointments', '/appointments/', '/status-notifications/1']) {
      const loaded = await fetch(`${url}${path}`, { headers: page });
      expect(loaded.status, path).toBe(200);
      expect(await loaded.text(), path).toBe('<p>the SPA</p>');
      // None of the service's own headers (its helmet policy would break the page).
      expect(loaded.headers.get('content-security-policy'), path).toBeNull();
    }
    // A script's GET, a page load of a path with GET routes, and the service's POSTs stay the service's.
    const fetched = await fetch(`${url}/appointments`);
    expect([fetched.status, await fetched.json()]).toEqual([404, { error: 'Not found' }]);
    const api = await fetch(`${url}/api/unknown`, { headers: page });
    expect([api.status, await api.json()]).toEqual([404, { error: 'Not found' }]);
    const posted = await fetch(`${url}/appointments/1/send-reminder?clinic_id=1`, { method: 'POST', headers: page });
    expect(posted.status).toBe(401);
  });

  it('when standalone, then a page load of /appointments is its 404', async () => {
    const url = await serve(createApp(deps()));
    const loaded = await fetch(`${url}/appointments`, { headers: { accept: 'text/html' } });
    expect([loaded.status, await loaded.json()]).toEqual([404, { error: 'Not found' }]);
  });
});
