import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_JWT_SECRET, LOCAL_META_APP, loadConfig, loadLocalServiceConfig } from './config.ts';

describe('loadLocalServiceConfig', () => {
  it('when nothing is set, then the service talks to the stand-in on the stack itself, with dev app settings', () => {
    const stack = loadConfig({ PORT: '8080', SITE_URL: 'http://localhost:5173' });
    const config = loadLocalServiceConfig(stack, 'http://127.0.0.1:8080', {});
    expect(config).toMatchObject({
      jwtSecret: DEVELOPMENT_JWT_SECRET,
      siteUrl: 'http://localhost:5173',
      publicUrl: 'http://localhost:5173',
      corsOrigins: ['http://localhost:5173'],
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
});
