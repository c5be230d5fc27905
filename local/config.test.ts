import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_JWT_SECRET, loadConfig } from './config.ts';
import { verifyJwt } from './gateway/jwt.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, .data and the development secret', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.jwtSecret).toBe(DEVELOPMENT_JWT_SECRET);
    expect(config.siteUrl).toBe('http://localhost:8080');
  });

  it('refuses the development secret when NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/public development secret/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).production).toBe(true);
  });

  it('when NODE_ENV=production and SEED_DEMO_DATA is unset, then no demo data is seeded; asked for explicitly, it is', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SEED_DEMO_DATA: 'TRUE' }).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    // An empty value (as in .env.example) is unset.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SEED_DEMO_DATA: '' }).seedDemoData).toBe(false);
    expect(loadConfig({ SEED_DEMO_DATA: ' ' }).seedDemoData).toBe(true);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', JWT_SECRET: 'short', SITE_URL: 'not a url', SEED_DEMO_DATA: 'maybe' });
      expect.unreachable();
    } catch (error) {
      const lines = (error as Error).message.split('\n');
      expect(lines).toHaveLength(4);
      expect(lines.join(' ')).toMatch(/PORT.*JWT_SECRET.*SITE_URL.*SEED_DEMO_DATA/);
    }
  });

  it('when the development secret is used in production beside other bad variables, then all are named', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: 'eighty', SEED_DEMO_DATA: 'maybe' })).toThrow(
      [
        'PORT must be a port number, got "eighty"',
        'SEED_DEMO_DATA must be true or false',
        'JWT_SECRET is the public development secret; set a secret of your own when NODE_ENV=production',
      ].join('\n'),
    );
  });

  it('derives anon and service-role keys that verify with the secret and carry their role', () => {
    const config = loadConfig({ JWT_SECRET: 'y'.repeat(40) });
    const anon = verifyJwt(config.anonKey, config.jwtSecret);
    const service = verifyJwt(config.serviceRoleKey, config.jwtSecret);
    expect(anon.ok && anon.claims.role).toBe('anon');
    expect(service.ok && service.claims.role).toBe('service_role');
    expect(verifyJwt(config.anonKey, DEVELOPMENT_JWT_SECRET).ok).toBe(false);
  });

  it('uses DATABASE_URL instead of a data directory when given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ngiti' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/ngiti');
    expect(config.dataDir).toBeUndefined();
  });

  it('bounds /rest/v1 as hosted Supabase does by default (3 s anon, 8 s signed in, 1,000 rows), each settable', () => {
    expect(loadConfig({}).restLimits).toEqual({
      statementTimeoutMs: { anon: 3000, authenticated: 8000, service_role: 8000 },
      maxRows: 1000,
      maxEmbedDepth: 1,
      maxResponseBytes: 10 * 1024 * 1024,
    });
    const set = loadConfig({
      REST_STATEMENT_TIMEOUT_ANON_MS: '0',
      REST_STATEMENT_TIMEOUT_AUTHENTICATED_MS: '15000',
      REST_MAX_ROWS: '50',
      REST_MAX_EMBED_DEPTH: '3',
      REST_MAX_RESPONSE_BYTES: '',
    }).restLimits;
    expect(set.statementTimeoutMs).toEqual({ anon: 0, authenticated: 15000, service_role: 8000 });
    expect([set.maxRows, set.maxEmbedDepth, set.maxResponseBytes]).toEqual([50, 3, 10 * 1024 * 1024]);
    expect(() => loadConfig({ REST_MAX_ROWS: '0', REST_STATEMENT_TIMEOUT_ANON_MS: '-1' })).toThrow(
      [
        'REST_STATEMENT_TIMEOUT_ANON_MS must be a whole number from 0 up, got "-1"',
        'REST_MAX_ROWS must be a whole number from 1 up, got "0"',
      ].join('\n'),
    );
  });
});
