import { describe, expect, it } from 'vitest';
import { DEFAULT_META_GRAPH_URL, loadServiceConfig, loadServiceDatabaseUrl, ServiceConfigError } from './config';

const valid = {
  SITE_URL: 'https://app.ngiti.example/',
  PUBLIC_URL: 'https://api.ngiti.example',
  JWT_SECRET: 'x'.repeat(40),
  META_APP_ID: '1234567890',
  META_APP_SECRET: 'app-secret',
  META_VERIFY_TOKEN: 'verify-me',
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadServiceConfig(env);
  } catch (error) {
    if (error instanceof ServiceConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadServiceConfig', () => {
  it('when the required variables are set, then the rest take production defaults', () => {
    expect(loadServiceConfig(valid)).toEqual({
      port: 8787,
      corsOrigins: ['https://app.ngiti.example'],
      publicUrl: 'https://api.ngiti.example',
      siteUrl: 'https://app.ngiti.example',
      jwtSecret: 'x'.repeat(40),
      metaGraphUrl: DEFAULT_META_GRAPH_URL,
      metaOauthDialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
      metaAppId: '1234567890',
      metaAppSecret: 'app-secret',
      metaVerifyToken: 'verify-me',
      metaTimeoutMs: 5000,
      redisUrl: null,
      reminderIntervalMs: 60_000,
      logLevel: 'info',
      reminderSchedulerEnabled: true,
      rateLimits: { requestsPerMinute: 300, remindersPerMinute: 20 },
      trustProxy: 0,
    });
  });

  it('when nothing is set, then every missing variable is reported on its own line', () => {
    expect(problemsOf({})).toEqual([
      "SITE_URL is required: the web app's URL (the OAuth popup links back to it)",
      "PUBLIC_URL is required: this service's public URL (Facebook redirects to PUBLIC_URL/api/facebook/callback)",
      "JWT_SECRET is required: the Supabase project's JWT secret (verifies staff access tokens)",
      "META_APP_ID is required: the Facebook app's id",
      "META_APP_SECRET is required: the Facebook app's secret (checks webhook signatures)",
      'META_VERIFY_TOKEN is required: the webhook verify token set in the Facebook app',
    ]);
    expect(() => loadServiceConfig({})).toThrow(/SITE_URL is required[^\n]*\nPUBLIC_URL is required/);
  });

  it('when values are malformed, then each is named with what was given', () => {
    expect(
      problemsOf({
        ...valid,
        PORT: '80a',
        SITE_URL: 'app.ngiti.example',
        CORS_ORIGINS: 'https://a.example, *, https://b.example/path',
        JWT_SECRET: 'short',
        META_GRAPH_URL: 'ftp://graph',
        META_APP_ID: 'app',
        META_TIMEOUT_MS: '50',
        REDIS_URL: 'localhost:6379',
        REMINDER_INTERVAL_MS: '-5',
        REMINDER_SCHEDULER: 'maybe',
        LOG_LEVEL: 'loud',
      }),
    ).toEqual([
      'PORT must be a whole number from 0 to 65535, got "80a"',
      'SITE_URL must be an absolute http(s) URL, got "app.ngiti.example"',
      'CORS_ORIGINS must list origins, not "*"',
      'CORS_ORIGINS must be origins like https://app.example.com, got "https://b.example/path"',
      'JWT_SECRET must be at least 32 characters long',
      'META_GRAPH_URL must be an absolute http(s) URL, got "ftp://graph"',
      'META_APP_ID must be digits, got "app"',
      'META_TIMEOUT_MS must be a whole number from 100 to 30000, got "50"',
      'REDIS_URL must be a redis:// or rediss:// URL, got "localhost:6379"',
      'REMINDER_INTERVAL_MS must be a whole number from 1000 to 3600000, got "-5"',
      'REMINDER_SCHEDULER must be on or off, got "maybe"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ]);
  });

  it('when optional settings are given, then they are used', () => {
    const config = loadServiceConfig({
      ...valid,
      PORT: '9000',
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      META_GRAPH_URL: 'http://127.0.0.1:8080/_meta/v21.0/',
      META_TIMEOUT_MS: '2500',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REMINDER_SCHEDULER: 'off',
      RATE_LIMIT_PER_MINUTE: '50',
      REMINDER_RATE_LIMIT_PER_MINUTE: '5',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      corsOrigins: ['https://a.example', 'https://b.example'],
      metaGraphUrl: 'http://127.0.0.1:8080/_meta/v21.0',
      metaTimeoutMs: 2500,
      redisUrl: 'redis://127.0.0.1:6379',
      reminderSchedulerEnabled: false,
      rateLimits: { requestsPerMinute: 50, remindersPerMinute: 5 },
      trustProxy: 1,
    });
  });
});

describe('loadServiceDatabaseUrl', () => {
  it('when DATABASE_URL is a postgres URL, then it is used as given', () => {
    expect(loadServiceDatabaseUrl({ DATABASE_URL: ' postgresql://service@db.example:5432/ngiti ' })).toBe(
      'postgresql://service@db.example:5432/ngiti',
    );
  });

  it('when DATABASE_URL is missing or not a postgres URL, then one line says so', () => {
    expect(() => loadServiceDatabaseUrl({})).toThrow(
      new ServiceConfigError([
        'DATABASE_URL is required: a Postgres connection string of the clinic database (service role)',
      ]),
    );
    expect(() => loadServiceDatabaseUrl({ DATABASE_URL: 'mysql://db.example/ngiti' })).toThrow(
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    );
  });
});
