/**
 * The local stack with NODE_ENV=production: the dev pages (messages and e-mails meant for other
 * people) are gone, the service still answers, and the public development Meta app secret is
 * refused before the database is touched.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../local/config.ts';
import { startStack } from '../../../local/stack.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  META_APP_SECRET: 'a-real-looking-app-secret',
};

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, env: PRODUCTION });
});

afterAll(async () => {
  await stack?.stop();
});

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

  it('when NODE_ENV=production, then the notification service still answers on the same origin', async () => {
    const response = await fetch(`${stack.url}/status-notifications/1`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'You are not signed in. Please log in again.' });
  });

  it('when the development Meta app secret is left in production, then the stack refuses to start, before any data is written', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ngiti-prod-'));
    try {
      const starting = startStack({
        PORT: '0',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        JWT_SECRET: PRODUCTION.JWT_SECRET,
      });
      await expect(starting).rejects.toThrow(ConfigError);
      await expect(starting).rejects.toThrow(/META_APP_SECRET is the public development secret/);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
