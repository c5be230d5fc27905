import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from './config';

const valid = { supabaseUrl: 'http://localhost:8080', anonKey: 'eyJhbGciOi.abc.def', apiUrl: 'http://localhost:8080/' };

describe('parseRuntimeConfig', () => {
  it('accepts the three settings and drops trailing slashes', () => {
    expect(parseRuntimeConfig(valid)).toEqual({
      ok: true,
      config: { supabaseUrl: 'http://localhost:8080', anonKey: 'eyJhbGciOi.abc.def', apiUrl: 'http://localhost:8080' },
    });
  });

  it('ignores settings it does not know', () => {
    expect(parseRuntimeConfig({ ...valid, extra: 1 }).ok).toBe(true);
  });

  it('names every missing setting', () => {
    const result = parseRuntimeConfig({});
    expect(result).toEqual({
      ok: false,
      problems: ['supabaseUrl is missing', 'anonKey is missing', 'apiUrl is missing'],
    });
  });

  it('refuses URLs that are not absolute http(s) URLs', () => {
    const result = parseRuntimeConfig({ ...valid, supabaseUrl: 'localhost:8080', apiUrl: 'ftp://example.test' });
    expect(result).toEqual({
      ok: false,
      problems: ['supabaseUrl must be an absolute http(s) URL', 'apiUrl must be an absolute http(s) URL'],
    });
  });

  it('refuses an empty or blank key and wrong types', () => {
    expect(parseRuntimeConfig({ ...valid, anonKey: '' })).toEqual({
      ok: false,
      problems: ['anonKey must be a non-empty key without spaces'],
    });
    expect(parseRuntimeConfig({ ...valid, anonKey: 42 })).toEqual({
      ok: false,
      problems: ['anonKey must be a string'],
    });
  });

  it('refuses anything but a JSON object', () => {
    for (const raw of [null, [], 'config', 3]) {
      expect(parseRuntimeConfig(raw)).toEqual({ ok: false, problems: ['/config.json must hold a JSON object'] });
    }
  });
});

describe('loadRuntimeConfig', () => {
  const respond = (body: string, status = 200) => (async () => new Response(body, { status })) as typeof fetch;

  it('fetches /config.json without caching and validates it', async () => {
    let requested: { url: unknown; init: RequestInit | undefined } | undefined;
    const fetchImpl = (async (url: unknown, init?: RequestInit) => {
      requested = { url, init };
      return new Response(JSON.stringify(valid));
    }) as typeof fetch;
    expect((await loadRuntimeConfig(fetchImpl)).ok).toBe(true);
    expect(requested?.url).toBe('/config.json');
    expect(requested?.init?.cache).toBe('no-store');
  });

  it('reports a missing file', async () => {
    expect(await loadRuntimeConfig(respond('not found', 404))).toEqual({
      ok: false,
      problems: ['/config.json answered HTTP 404; the file is missing'],
    });
  });

  it('reports a file that is not JSON (e.g. the SPA fallback page)', async () => {
    expect(await loadRuntimeConfig(respond('<!doctype html>'))).toEqual({
      ok: false,
      problems: ['/config.json is not valid JSON'],
    });
  });

  it('reports an unreachable server without throwing', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await loadRuntimeConfig(failing)).toEqual({
      ok: false,
      problems: ['/config.json could not be fetched: the server did not answer'],
    });
  });
});

describe('zod settings', () => {
  it('makes zod parse without `new Function` (the CSP forbids eval) before any schema is built', async () => {
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
  });
});
