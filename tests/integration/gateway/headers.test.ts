/**
 * The security headers on every kind of answer of the local stack: the SPA's page and assets,
 * /config.json, the three Supabase APIs, the dev and Meta stand-in pages, the notification
 * service, 404s and errors. The built SPA is imitated by a small static directory served by a
 * second gateway over the same database (the test does not depend on `npm run build`).
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, SECURITY_HEADERS, spaContentSecurityPolicy } from '../../../local/gateway/app.ts';
import { DevMailbox } from '../../../local/gateway/mailbox.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
let spa: { url: string; server: Server; dir: string };

const SPA_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Ngiti</title>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  stack = await startTestStack();
  const dir = await mkdtemp(path.join(tmpdir(), 'ngiti-headers-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), SPA_HTML);
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log("ngiti");\n');
  await writeFile(path.join(dir, 'assets', 'index-abc.css'), 'body { margin: 0; }\n');
  const { app } = await createGateway({
    db: stack.db,
    config: stack.config,
    mailbox: new DevMailbox(),
    logger: stack.logger,
    staticDir: dir,
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  spa = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, dir };
});

afterAll(async () => {
  if (spa) {
    spa.server.closeAllConnections();
    await new Promise<void>((resolve) => spa.server.close(() => resolve()));
    await rm(spa.dir, { recursive: true, force: true });
  }
  await stack?.stop();
});

const apiKey = () => ({ apikey: stack.config.anonKey });
/** Stands for apiKey() in the cases below (the key is known only once the stack runs). */
const KEY = { apikey: 'the anon key' };

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(Object.keys(SECURITY_HEADERS).sort()).toEqual([
    'Referrer-Policy',
    'X-Content-Type-Options',
    'X-Frame-Options',
  ]);
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    header!.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

/** The inline <style> sheets of a page, each with its `nonce` attribute if any. */
function inlineStyles(html: string) {
  return [...html.matchAll(/<style(?: nonce="([^"]*)")?>([\s\S]*?)<\/style>/g)].map((match) => ({
    nonce: match[1],
    css: match[2]!,
  }));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the SPA', () => {
  it('when its page is asked for, then it has the strict policy: own scripts and styles, the APIs, no framing', async () => {
    const response = await fetch(`${spa.url}/dashboard/patients`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SPA_HTML);
    expectSecurityHeaders(response);
    expect(response.headers.get('content-security-policy')).toBe(spaContentSecurityPolicy(stack.config));
    const csp = directives(response);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    const origin = new URL(stack.config.siteUrl).origin;
    // Facebook's picture hosts, and the stack under its other loopback names (the Meta stand-in's
    // pictures carry the address the service called it at).
    const imageSources = csp.get('img-src')!;
    expect(imageSources.slice(0, 2)).toEqual(["'self'", 'data:']);
    expect(imageSources.slice(-2)).toEqual(['https://*.fbcdn.net', 'https://platform-lookaside.fbsbx.com']);
    expect(imageSources).toContain(origin.replace('localhost', '127.0.0.1'));
    // A host source cannot be an IPv6 literal: Chromium reports the whole directive as invalid.
    expect(imageSources.filter((source) => source.includes('['))).toEqual([]);
    expect(csp.get('connect-src')).toEqual(["'self'", origin, origin.replace(/^http/, 'ws')]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe');
  });

  it('when the root or an unknown page is asked for, then it is the SPA with the same headers', async () => {
    for (const page of ['/', '/no/such/page', '/login?next=%2Fdashboard']) {
      const response = await fetch(`${spa.url}${page}`);
      expect(response.status, page).toBe(200);
      expectSecurityHeaders(response);
      expect(response.headers.get('content-security-policy'), page).toBe(spaContentSecurityPolicy(stack.config));
    }
  });

  it('when a path does not decode, then 400 with the headers, not a 500 (the SPA page is never built from it)', async () => {
    const response = await rawGet(spa.url, '/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(JSON.parse(response.body)).toEqual({ message: 'The request path has an invalid percent-encoding' });
  });

  it('when an asset is asked for, then it has the headers and its own type', async () => {
    const script = await fetch(`${spa.url}/assets/index-abc.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectSecurityHeaders(script);
    const style = await fetch(`${spa.url}/assets/index-abc.css`);
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    expectSecurityHeaders(style);
  });

  it('when a policy is built for a stack behind another origin, then connect-src names it and its wss: origin', () => {
    const policy = spaContentSecurityPolicy({ ...stack.config, siteUrl: 'https://clinic.example.test/app' });
    expect(policy).toContain("connect-src 'self' https://clinic.example.test wss://clinic.example.test;");
    expect(policy).toContain("img-src 'self' data: https://*.fbcdn.net https://platform-lookaside.fbsbx.com;");
  });

  it('when the stack runs in production, then images come only from itself, data: and Facebook', () => {
    const policy = spaContentSecurityPolicy({ ...stack.config, production: true });
    expect(policy).toContain("img-src 'self' data: https://*.fbcdn.net https://platform-lookaside.fbsbx.com;");
  });
});

describe('the APIs and /config.json', () => {
  const cases: [string, string, number, RequestInit | undefined][] = [
    ['/config.json', 'config', 200, undefined],
    ['/rest/v1/', 'the OpenAPI root', 200, { headers: KEY }],
    ['/rest/v1/no_such_table', 'a PostgREST error', 404, { headers: KEY }],
    ['/rest/v1/clinics', 'no API key', 401, undefined],
    ['/auth/v1/health', 'GoTrue', 200, { headers: KEY }],
    ['/auth/v1/token?grant_type=password', 'a GoTrue error', 400, { method: 'POST', headers: KEY, body: '{' }],
    ['/auth/v1/no/such/route', 'a GoTrue 404', 404, { headers: KEY }],
    ['/functions/v1/delete-user', 'the functions platform', 401, { method: 'POST' }],
    ['/functions/v1/no-such-function', 'a missing function', 404, { method: 'POST' }],
    ['/_dev/mail.json', 'the dev mailbox JSON', 200, undefined],
    ['/_dev/messenger.json', 'the dev Messenger JSON', 200, undefined],
    ['/status-notifications/1', 'the service without a token', 401, { method: 'POST' }],
    ['/appointments/1/send-reminder', 'the service', 401, { method: 'POST' }],
    ['/api/no/such/route', 'a service 404', 404, undefined],
    ['/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1', 'the webhook', 403, undefined],
    ['/_meta/v21.0/me/accounts', 'the Meta stand-in', 400, undefined],
    ['/no/such/route', 'the stack 404 (a POST: a GET would be the SPA’s page once built)', 404, { method: 'POST' }],
  ];
  it.each(cases)('%s (%s) answers %i with the security headers', async (pathAndQuery, _label, status, init) => {
    const headers = init?.headers === KEY ? apiKey() : undefined;
    const response = await fetch(`${stack.url}${pathAndQuery}`, { ...init, headers });
    expect(response.status).toBe(status);
    expectSecurityHeaders(response);
  });

  it('when the service or the stand-in answers, then DENY replaces helmet’s SAMEORIGIN framing header', async () => {
    const response = await fetch(`${stack.url}/status-notifications/1`, { method: 'POST' });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-frame-options')).not.toContain(',');
  });

  it('when a CORS preflight is answered, then it has the headers too', async () => {
    const response = await fetch(`${stack.url}/rest/v1/clinics`, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
  });

  it('when socket.io answers itself (a polling handshake, a refused request), then it has the headers too', async () => {
    const handshake = await fetch(`${stack.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expectSecurityHeaders(handshake);
    const refused = await fetch(`${stack.url}/socket.io/?EIO=4&transport=carrier-pigeon`);
    expect(refused.status).toBe(400);
    expectSecurityHeaders(refused);
  });
});

describe('server-rendered pages', () => {
  it('when the dev mailbox page is shown, then its one inline style carries the nonce its own policy allows', async () => {
    const first = await fetch(`${stack.url}/_dev/mail`);
    expect(first.status).toBe(200);
    expectSecurityHeaders(first);
    const csp = directives(first);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toBeUndefined();
    const styles = inlineStyles(await first.text());
    expect(styles).toHaveLength(1);
    expect(csp.get('style-src')).toEqual([`'nonce-${styles[0]!.nonce}'`]);
    const second = await fetch(`${stack.url}/_dev/mail`);
    expect(directives(second).get('style-src')).not.toEqual(csp.get('style-src'));
  });

  it('when the dev Messenger inbox is shown, then its policy allows exactly its inline style by hash', async () => {
    const response = await fetch(`${stack.url}/_dev/messenger`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    const styles = inlineStyles(await response.text());
    expect(styles).toHaveLength(1);
    const csp = directives(response);
    expect(csp.get('style-src')).toEqual([sha256(styles[0]!.css)]);
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });

  it('when the Meta stand-in’s login dialog answers, then its policy allows exactly its inline style by hash', async () => {
    const response = await fetch(`${stack.url}/_meta/dialog/oauth?client_id=unknown`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(response);
    const styles = inlineStyles(await response.text());
    expect(styles).toHaveLength(1);
    const csp = directives(response);
    expect(csp.get('style-src')).toEqual([sha256(styles[0]!.css)]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('when the service’s Facebook popup page answers, then it keeps its own nonce policy and has the headers', async () => {
    const response = await fetch(`${stack.url}/api/facebook/callback`);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(response);
    const csp = directives(response);
    const nonce = /nonce="([^"]+)"/.exec(await response.text())?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.get('style-src')).toEqual([`'nonce-${nonce}'`]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('paths that do not decode', () => {
  it('when /rest/v1, /auth/v1, /functions/v1 or a service path has a bad %-sequence, then 400 in that API’s shape', async () => {
    const rest = await rawGet(stack.url, '/rest/v1/%ff%fe', apiKey());
    expect(rest.status).toBe(400);
    expect(JSON.parse(rest.body)).toEqual({
      code: 'PGRST100',
      message: 'The request path has an invalid percent-encoding',
      details: null,
      hint: null,
    });
    const auth = await rawGet(stack.url, '/auth/v1/%ff%fe', apiKey());
    expect(auth.status).toBe(400);
    expect(JSON.parse(auth.body)).toMatchObject({ code: 400, error_code: 'validation_failed' });
    const functions = await rawGet(stack.url, '/functions/v1/%ff');
    expect(functions.status).toBe(400);
    expect(JSON.parse(functions.body)).toEqual({
      code: 400,
      message: 'The request path has an invalid percent-encoding',
    });
    const service = await rawGet(stack.url, '/status-notifications/%ff');
    expect(service.status).toBe(400);
    expect(JSON.parse(service.body)).toEqual({ error: 'The request path has an invalid percent-encoding' });
    for (const answer of [rest, auth, functions, service]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });
});

/** A GET with the path sent byte for byte (fetch would re-encode a bad %-sequence). */
async function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

// The SPA the stack serves may be opened under any loopback name (localhost, 127.0.0.1, [::1]):
// the notification service's CORS allows each of them, and nothing else.
function servicePreflight(origin: string) {
  return fetch(`${stack.url}/status-notifications/1`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type',
    },
  });
}

describe('the notification service’s CORS in the local stack', () => {
  it('when the SPA is opened at 127.0.0.1, localhost or [::1] on the stack’s port, then its calls are allowed', async () => {
    const port = new URL(stack.url).port;
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const response = await servicePreflight(origin);
      expect(response.status, origin).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('when another origin asks, then it gets no CORS grant', async () => {
    const port = new URL(stack.url).port;
    for (const origin of ['https://evil.example', `http://localhost:${Number(port) + 1}`]) {
      const response = await servicePreflight(origin);
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
