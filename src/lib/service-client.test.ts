import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { server, setupNetwork } from '@/testing/network';
import { onAccessRevoked } from './access-revocation';
import { callService, initServiceClient, ServiceError, serviceUrl } from './service-client';
import { initSupabase } from './supabase';

setupNetwork();

beforeAll(() => {
  initSupabase({ supabaseUrl: 'http://stack.test', anonKey: 'anon', apiUrl: 'http://service.test/' });
  initServiceClient({ apiUrl: 'http://service.test/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
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

  it('when the service says the access is gone (401/403 with its code), then the session is told, once per answer', async () => {
    const reasons: string[] = [];
    const stop = onAccessRevoked((reason) => reasons.push(reason));
    try {
      const failure = callService('/x', {
        fallbackError: 'Messenger notification failed',
        fetchImpl: answer(403, '{"error":"Your account has no staff profile.","code":"no_profile"}'),
      });
      await expect(failure).rejects.toMatchObject({ status: 403, code: 'no_profile' });
      expect(reasons).toEqual(['no_profile']);

      // Refusals that say nothing of the kind leave the session alone.
      for (const [status, body] of [
        [401, '{"error":"Your session has expired. Please log in again."}'],
        [403, '{"error":"You do not have access to this clinic."}'],
        [422, '{"error":"x","code":"no_profile"}'],
        [403, '{"error":"x","code":"something_else"}'],
      ] as const) {
        await expect(callService('/x', { fallbackError: 'x', fetchImpl: answer(status, body) })).rejects.toMatchObject({
          status,
        });
      }
      expect(reasons).toEqual(['no_profile']);
    } finally {
      stop();
    }
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

  it('reports a timeout as a network failure with the fallback text', async () => {
    const error = await callService('/x', {
      fallbackError: 'Failed to send reminder.',
      fetchImpl: async () => {
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 0, failure: 'timeout', message: 'Failed to send reminder.' });
    expect((error as ServiceError).isNetworkFailure).toBe(true);
  });
});

describe('callService when the browser blocks the request (fetch TypeError)', () => {
  const NOTIFY_URL = 'http://service.test/status-notifications/5';

  /** The service's root answers only requests in `no-cors` mode (the probe); it records them. */
  function serviceRootAnswers(probes: string[]) {
    server.use(
      http.get('http://service.test/', ({ request }) => {
        probes.push(request.mode);
        return HttpResponse.json({ error: 'Not found' }, { status: 404 });
      }),
    );
  }

  async function notify(): Promise<ServiceError> {
    try {
      await callService('/status-notifications/5', {
        body: { status: 'Cancelled', clinic_id: 1 },
        fallbackError: 'Messenger notification failed',
      });
    } catch (caught) {
      return caught as ServiceError;
    }
    throw new Error('the call did not fail');
  }

  it('when the service still answers a no-cors request, then the error names the CORS refusal and this address', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/dashboard?tab=appointments'));
    const probes: string[] = [];
    server.use(http.post(NOTIFY_URL, () => HttpResponse.error()));
    serviceRootAnswers(probes);

    const error = await notify();
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 0, failure: 'cors-refused', isNetworkFailure: false });
    expect(error.message).toBe(
      'The notification service (http://service.test) refused requests from this address (http://127.0.0.1:5173). ' +
        "Open Ngiti at the address it was set up for, or add http://127.0.0.1:5173 to the service's allowed origins (CORS_ORIGINS).",
    );
    expect(probes).toEqual(['no-cors']);
  });

  it('when page and service are both on loopback names, then it suggests the same page under the name the service knows', async () => {
    initServiceClient({ apiUrl: 'http://localhost:5173' });
    try {
      vi.stubGlobal('location', new URL('http://127.0.0.1:5173/dashboard'));
      const probes: string[] = [];
      server.use(
        http.post('http://localhost:5173/status-notifications/5', () => HttpResponse.error()),
        http.get('http://localhost:5173/', ({ request }) => {
          probes.push(request.mode);
          return new HttpResponse('<!doctype html>', { headers: { 'content-type': 'text/html' } });
        }),
      );
      const error = await notify();
      expect(error.message).toBe(
        'The notification service (http://localhost:5173) refused requests from this address (http://127.0.0.1:5173). ' +
          "Open Ngiti at http://localhost:5173 or add http://127.0.0.1:5173 to the service's allowed origins (CORS_ORIGINS).",
      );
      expect(probes).toEqual(['no-cors']);
    } finally {
      initServiceClient({ apiUrl: 'http://service.test/' });
    }
  });

  it('when the no-cors request fails too, then the error says the service could not be reached', async () => {
    vi.stubGlobal('location', new URL('http://127.0.0.1:5173/dashboard'));
    server.use(
      http.post(NOTIFY_URL, () => HttpResponse.error()),
      http.get('http://service.test/', () => HttpResponse.error()),
    );
    const error = await notify();
    expect(error).toMatchObject({
      status: 0,
      failure: 'unreachable',
      isNetworkFailure: true,
      message:
        'The notification service (http://service.test) could not be reached. Check the connection and try again.',
    });
  });
});
