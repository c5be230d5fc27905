/**
 * The SPA the stack serves may be opened under any loopback name (localhost, 127.0.0.1, [::1]):
 * the notification service's CORS allows each of them, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

function preflight(origin: string) {
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
      const response = await preflight(origin);
      expect(response.status, origin).toBe(204);
      expect(response.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('when another origin asks, then it gets no CORS grant', async () => {
    const port = new URL(stack.url).port;
    for (const origin of ['https://evil.example', `http://localhost:${Number(port) + 1}`]) {
      const response = await preflight(origin);
      expect(response.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
