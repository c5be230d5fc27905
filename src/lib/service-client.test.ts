import { beforeAll, describe, expect, it } from 'vitest';
import { callService, initServiceClient, ServiceError, serviceUrl } from './service-client';
import { initSupabase } from './supabase';

beforeAll(() => {
  initSupabase({ supabaseUrl: 'http://stack.test', anonKey: 'anon', apiUrl: 'http://service.test/' });
  initServiceClient({ apiUrl: 'http://service.test/' });
});

const answer = (status: number, body: string) => async () => new Response(body, { status });

describe('serviceUrl', () => {
  it('joins the base URL, the path and the query', () => {
    expect(serviceUrl('/appointments/7/send-reminder', { clinic_id: 3 })).toBe(
      'http://service.test/appointments/7/send-reminder?clinic_id=3',
    );
  });
});

describe('callService', () => {
  it('posts JSON and resolves with the parsed body', async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    const result = await callService('/status-notifications/5', {
      body: { status: 'Cancelled', clinic_id: 1 },
      fallbackError: 'Messenger notification failed',
      fetchImpl: async (url, init) => {
        seen = { url: String(url), init };
        return new Response('{"ok":true}', { status: 200 });
      },
    });
    expect(result).toEqual({ ok: true });
    expect(seen?.url).toBe('http://service.test/status-notifications/5');
    expect(seen?.init?.method).toBe('POST');
    expect(seen?.init?.body).toBe('{"status":"Cancelled","clinic_id":1}');
  });

  it("rejects with the service's error text", async () => {
    const failure = callService('/x', {
      fallbackError: 'Messenger notification failed',
      fetchImpl: answer(422, '{"error":"This patient has no Messenger ID."}'),
    });
    await expect(failure).rejects.toEqual(new ServiceError('This patient has no Messenger ID.', 422));
  });

  it('falls back when the error has no usable text', async () => {
    for (const body of ['', 'Bad Gateway', '{"message":"x"}', JSON.stringify({ error: 'x'.repeat(301) })]) {
      const failure = callService('/x', {
        fallbackError: 'Messenger notification failed',
        fetchImpl: answer(502, body),
      });
      await expect(failure).rejects.toMatchObject({ message: 'Messenger notification failed', status: 502 });
    }
  });

  it('reports a network failure as status 0', async () => {
    const error = await callService('/x', {
      fallbackError: 'Failed to send reminder.',
      fetchImpl: async () => {
        throw new TypeError('Failed to fetch');
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).isNetworkFailure).toBe(true);
    expect((error as ServiceError).message).toBe('Failed to send reminder.');
  });
});
