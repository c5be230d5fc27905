import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEVELOPMENT_JWT_SECRET,
  LOCAL_META_APP,
  loadConfig,
  loadLocalServiceConfig,
  ownOrigins,
  productionNotices,
} from './config.ts';

const production = () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(40) });
const FRESH_META = { META_APP_SECRET: 'a-fresh-app-secret', META_VERIFY_TOKEN: 'a-fresh-verify-token' };

describe('loadLocalServiceConfig', () => {
  it('when nothing is set, then the service talks to the stand-in on the stack itself, with dev app settings', () => {
    const stack = loadConfig({ PORT: '8080', SITE_URL: 'http://localhost:5173' });
    const config = loadLocalServiceConfig(stack, 'http://127.0.0.1:8080', {});
    expect(config).toMatchObject({
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      siteUrl: 'http://localhost:5173',
      publicUrl: 'http://localhost:5173',
      // The SPA opened under any loopback name may call the service.
      corsOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://[::1]:5173'],
      metaGraphUrl: 'http://127.0.0.1:8080/_meta/v21.0',
      metaOauthDialogUrl: 'http://localhost:5173/_meta/dialog/oauth',
      metaAppId: LOCAL_META_APP.appId,
      metaAppSecret: LOCAL_META_APP.appSecret,
      metaVerifyToken: LOCAL_META_APP.verifyToken,
      metaTimeoutMs: 5000,
      reminderSchedulerEnabled: true,
    });
  });

  it('when Meta variables are set, then they win (e.g. the real Graph API)', () => {
    const stack = loadConfig({ PORT: '8080' });
    const config = loadLocalServiceConfig(stack, 'http://127.0.0.1:8080', {
      META_GRAPH_URL: 'https://graph.facebook.com/v21.0',
      META_APP_ID: '555',
      META_APP_SECRET: 'real-secret',
      META_VERIFY_TOKEN: 'real-verify',
      REMINDER_SCHEDULER: 'off',
    });
    expect(config).toMatchObject({
      metaGraphUrl: 'https://graph.facebook.com/v21.0',
      metaAppId: '555',
      metaAppSecret: 'real-secret',
      metaVerifyToken: 'real-verify',
      reminderSchedulerEnabled: false,
    });
  });

  it('when a service variable is bad, then the stack reports it as a configuration error', () => {
    const stack = loadConfig({ PORT: '8080' });
    expect(() => loadLocalServiceConfig(stack, 'http://127.0.0.1:8080', { META_TIMEOUT_MS: 'soon' })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadLocalServiceConfig(
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(40) }),
        'http://127.0.0.1:8080',
        {},
      ),
    ).toThrow(/META_APP_SECRET is the public development secret/);
  });

  it('when NODE_ENV=production, then the development verify token and app secret are refused, each with its reason', () => {
    try {
      loadLocalServiceConfig(production(), 'http://127.0.0.1:8080', {});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'META_APP_SECRET is the public development secret; set the app secret when NODE_ENV=production',
        'META_VERIFY_TOKEN is the public development verify token; set the token of your Facebook app when NODE_ENV=production',
      ]);
    }
    expect(() =>
      loadLocalServiceConfig(production(), 'http://127.0.0.1:8080', {
        ...FRESH_META,
        META_VERIFY_TOKEN: LOCAL_META_APP.verifyToken,
      }),
    ).toThrow(/^META_VERIFY_TOKEN is the public development verify token/);
  });

  it('when NODE_ENV=production with fresh secrets, then the service talks to Facebook, not the stand-in', () => {
    const config = loadLocalServiceConfig(production(), 'http://127.0.0.1:8080', FRESH_META);
    expect(config.metaGraphUrl).toBe('https://graph.facebook.com/v21.0');
    expect(config.metaOauthDialogUrl).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(config.metaVerifyToken).toBe('a-fresh-verify-token');
  });

  it('when NODE_ENV=production, then each shortcut it turns off is one line of the start-up notices; in development none', () => {
    const stack = production();
    const notices = productionNotices(stack, loadLocalServiceConfig(stack, 'http://127.0.0.1:8080', FRESH_META));
    expect(notices).toEqual([
      'Demo data: not loaded (NODE_ENV=production; set SEED_DEMO_DATA=true to load it into an empty database).',
      'Meta stand-in (/_meta): not mounted (NODE_ENV=production); Messenger goes to https://graph.facebook.com/v21.0.',
      'Dev pages (/_dev): off (NODE_ENV=production).',
    ]);
    const development = loadConfig({});
    expect(productionNotices(development, loadLocalServiceConfig(development, 'http://127.0.0.1:8080', {}))).toEqual(
      [],
    );
  });

  it('when SITE_URL is a public address, then CORS allows that origin only; CORS_ORIGINS still wins', () => {
    const stack = loadConfig({ PORT: '8080', SITE_URL: 'https://clinic.example.com/' });
    expect(loadLocalServiceConfig(stack, 'http://127.0.0.1:8080', {}).corsOrigins).toEqual([
      'https://clinic.example.com',
    ]);
    expect(ownOrigins('http://127.0.0.1:8080')).toEqual([
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
    ]);
    expect(
      loadLocalServiceConfig(loadConfig({}), 'http://127.0.0.1:8080', { CORS_ORIGINS: 'https://a.example' })
        .corsOrigins,
    ).toEqual(['https://a.example']);
  });
});
