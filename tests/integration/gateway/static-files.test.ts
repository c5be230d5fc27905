/**
 * The built SPA as the gateway serves it: hashed assets cached for a year, the page and unhashed
 * files revalidated, text compressed with brotli or gzip as the browser accepts (and the same
 * bytes as the file once decoded), conditional requests answered 304, paths outside the build
 * refused. The build is imitated by a small directory (the test does not depend on `npm run build`).
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../../../local/gateway/app.ts';
import { preferredEncoding } from '../../../local/gateway/encoding.ts';
import { DevMailbox } from '../../../local/gateway/mailbox.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
let spa: { url: string; port: number; server: Server; dir: string };

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const SPA_HTML =
  '<!doctype html><html lang="en"><head><title>Ngiti</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  stack = await startTestStack();
  const dir = await mkdtemp(path.join(tmpdir(), 'ngiti-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), SPA_HTML);
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), SCRIPT);
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  await writeFile(path.join(dir, 'beep.mp3'), Buffer.from([1, 2, 3, 4]));
  const { app } = await createGateway({
    db: stack.db,
    config: stack.config,
    mailbox: new DevMailbox(),
    logger: stack.logger,
    staticDir: dir,
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  spa = { url: `http://127.0.0.1:${port}`, port, server, dir };
});

afterAll(async () => {
  if (spa) {
    spa.server.closeAllConnections();
    await new Promise<void>((resolve) => spa.server.close(() => resolve()));
    await rm(spa.dir, { recursive: true, force: true });
  }
  await stack?.stop();
});

/** A raw GET (fetch would decode the body and hide Content-Encoding's effect on the bytes). */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: spa.port, path: pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('static files of the SPA', () => {
  it('compresses a script with brotli when accepted, and the bytes decode to the file', async () => {
    const response = await get('/assets/index-abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toContain('Accept-Encoding');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, and to the file as it is when the browser accepts neither', async () => {
    const gzipped = await get('/assets/index-abc.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    const none = await get('/assets/index-abc.js');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(SCRIPT);
  });

  it('keeps hashed assets for a year and revalidates the page and unhashed files', async () => {
    for (const encoding of ['br', 'identity']) {
      const asset = await get('/assets/index-abc.js', { 'accept-encoding': encoding });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const favicon = await get('/favicon.svg', { 'accept-encoding': encoding });
      expect(favicon.headers['cache-control']).toBe('no-cache');
    }
    const sound = await get('/beep.mp3', { 'accept-encoding': 'br' });
    expect(sound.headers['content-encoding']).toBeUndefined();
    expect(sound.headers['cache-control']).toBe('no-cache');
    for (const page of ['/', '/login', '/dashboard']) {
      const html = await get(page, { 'accept-encoding': 'br' });
      expect(html.status).toBe(200);
      expect(html.headers['cache-control']).toBe('no-cache');
      expect(html.headers['content-security-policy']).toContain("script-src 'self'");
      expect(html.body.toString()).toBe(SPA_HTML);
    }
  });

  it('answers 304 to a copy that is still current, and serves a changed file anew', async () => {
    const first = await get('/assets/index-abc.js', { 'accept-encoding': 'br' });
    const lastModified = String(first.headers['last-modified']);
    const again = await get('/assets/index-abc.js', { 'accept-encoding': 'br', 'if-modified-since': lastModified });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const changed = 'export const changed = true;\n';
    const file = path.join(spa.dir, 'assets', 'index-abc.js');
    await writeFile(file, changed);
    const later = new Date(Date.parse(lastModified) + 5000);
    await utimes(file, later, later);
    const fresh = await get('/assets/index-abc.js', { 'accept-encoding': 'br' });
    expect(fresh.status).toBe(200);
    expect(brotliDecompressSync(fresh.body).toString()).toBe(changed);
    await writeFile(file, SCRIPT);
  });

  it('never serves a file outside the build nor a dot file', async () => {
    await writeFile(path.join(spa.dir, '..', `${path.basename(spa.dir)}-secret.js`), 'secret').catch(() => undefined);
    for (const attempt of [
      `/..%2f${path.basename(spa.dir)}-secret.js`,
      '/assets/%2e%2e/%2e%2e/etc/passwd.js',
      '/.vite/manifest.json',
    ]) {
      const response = await get(attempt, { 'accept-encoding': 'br' });
      expect(response.body.toString()).not.toContain('secret');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect([200, 400, 403, 404]).toContain(response.status);
    }
    await rm(path.join(spa.dir, '..', `${path.basename(spa.dir)}-secret.js`), { force: true });
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*;q=0')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
