/**
 * The local stack with NODE_ENV=production and fresh secrets: no demo data unless asked for, no
 * Meta stand-in, no dev pages (messages and e-mails meant for other people), the service still
 * answers, and the public development Meta app secret and verify token are refused before the
 * database is touched.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, LOCAL_META_APP } from '../../../local/config.ts';
import { DEMO_PASSWORD, startStack } from '../../../local/stack.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  META_APP_SECRET: 'a-real-looking-app-secret',
  META_VERIFY_TOKEN: 'a-fresh-verify-token',
};

let stack: TestStack;

beforeAll(async () => {
  // SEED_DEMO_DATA unset, as an operator would start it.
  stack = await startTestStack({ env: { ...PRODUCTION, SEED_DEMO_DATA: undefined } });
});

afterAll(async () => {
  await stack?.stop();
});

/** A production start with a fresh JWT secret and `env` is refused with `reason`, its data directory left empty. */
async function expectRefusedBeforeWriting(env: NodeJS.ProcessEnv, reason: string | RegExp) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-prod-'));
  try {
    const starting = startStack({
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: PRODUCTION.JWT_SECRET,
      ...env,
    });
    await expect(starting).rejects.toThrow(ConfigError);
    await expect(starting).rejects.toThrow(reason);
    expect(await readdir(dataDir)).toEqual([]);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('the local stack in production', () => {
  it('when NODE_ENV=production, then /_dev/messenger, its JSON and its controls are not served', async () => {
    for (const [method, path] of [
      ['GET', '/_dev/messenger'],
      ['GET', '/_dev/messenger.json'],
      ['POST', '/_dev/messenger/faults'],
      ['POST', '/_dev/messenger/rate-limit'],
      ['GET', '/_dev/mail.json'],
      ['GET', '/_dev/mail'],
    ] as const) {
      const response = await fetch(`${stack.url}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('when NODE_ENV=production and SEED_DEMO_DATA is unset, then there are no demo accounts and the start-up says why', async () => {
    const { data, error } = await stack
      .anonClient()
      .auth.signInWithPassword({ email: 'superadmin@demo.test', password: DEMO_PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.message).toBe('Invalid login credentials');
    const { count } = await stack.serviceClient().from('clinics').select('*', { count: 'exact', head: true });
    expect(count).toBe(0);
    expect(stack.migration.seeded).toBe(false);
    expect(stack.notices).toContain(
      'Demo data: not loaded (NODE_ENV=production; set SEED_DEMO_DATA=true to load it into an empty database).',
    );
  });

  it('when NODE_ENV=production, then the Meta stand-in is not mounted: its OAuth dialog and Graph API are not found', async () => {
    for (const path of ['/_meta/dialog/oauth?client_id=1&redirect_uri=x&state=y', '/_meta/v21.0/me/messages']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found' });
    }
    expect(stack.service.deps.config.metaGraphUrl).toBe('https://graph.facebook.com/v21.0');
    expect(stack.notices).toContain(
      'Meta stand-in (/_meta): not mounted (NODE_ENV=production); Messenger goes to https://graph.facebook.com/v21.0.',
    );
  });

  it('when NODE_ENV=production, then the webhook accepts only the configured verify token, not the development one', async () => {
    const verify = (token: string) =>
      fetch(`${stack.url}/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=42`);
    const refused = await verify(LOCAL_META_APP.verifyToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Webhook verification failed.' });
    const accepted = await verify(PRODUCTION.META_VERIFY_TOKEN);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toBe('42');
  });

  it('when NODE_ENV=production, then the notification service still answers on the same origin', async () => {
    const response = await fetch(`${stack.url}/status-notifications/1`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'You are not signed in. Please log in again.' });
  });

  it('when the development Meta app secret is left in production, then the stack refuses to start, before any data is written', async () => {
    await expectRefusedBeforeWriting(
      { META_VERIFY_TOKEN: PRODUCTION.META_VERIFY_TOKEN },
      /META_APP_SECRET is the public development secret/,
    );
  });

  it('when the development webhook verify token is left in production, then the stack refuses to start with that reason', async () => {
    await expectRefusedBeforeWriting(
      { META_APP_SECRET: PRODUCTION.META_APP_SECRET },
      'META_VERIFY_TOKEN is the public development verify token; set the token of your Facebook app when NODE_ENV=production',
    );
  });
});
