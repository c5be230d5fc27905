/**
 * Every door of the stack, answered once through what `npm start` runs (the server bundle on plain
 * Node, in its own process): PostgREST, GoTrue, each edge function, each service route, the
 * socket.io handshake and the Messenger webhook. A valid request never gets a 5xx; where the demo
 * data makes the request succeed, it must succeed.
 */
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_META_APP } from '../../local/config.ts';
import { repoRoot } from '../../local/db/migrate.ts';
import { deployedFunctionNames } from '../../local/gateway/functions/registry.ts';
import { startShippedStack, type ShippedStack } from '../support/shipped-stack.ts';

let stack: ShippedStack;
let token: string;
let clinicId: number;

beforeAll(async () => {
  stack = await startShippedStack({ logLabel: 'doors' });
  const admin = await stack.signedIn('admin@demo.test');
  const { data } = await admin.auth.getSession();
  token = data.session!.access_token;
  const profile = await admin.from('users').select('clinic_id').eq('user_id', data.session!.user.id).single();
  if (profile.error) throw profile.error;
  clinicId = Number(profile.data.clinic_id);
}, 180_000);

afterAll(async () => {
  expect(await stack?.stop()).toBe(0);
});

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${stack.url}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  return { status: response.status, text: await response.text() };
}

/** The answer of a valid request: never a 5xx, whatever the data. */
function answered(result: { status: number; text: string }) {
  expect(result.status, result.text.slice(0, 300)).toBeLessThan(500);
  return result;
}

describe('every door of the npm start stack', () => {
  it('serves the SPA and its runtime configuration', async () => {
    expect(answered(await call('/')).status).toBe(200);
    expect(answered(await call('/config.json')).status).toBe(200);
  });

  it('/rest/v1 reads and writes under the caller’s row-level security', async () => {
    expect(answered(await call('/rest/v1/patients?select=id,name&limit=1')).status).toBe(200);
    const created = answered(
      await call('/rest/v1/patients', {
        method: 'POST',
        headers: { prefer: 'return=representation' },
        body: { clinic_id: clinicId, name: `Door ${randomUUID().slice(0, 6)}`, phone: '09170000000' },
      }),
    );
    expect(created.status).toBe(201);
  });

  it('/auth/v1 signs in, reads the user and refreshes the session', async () => {
    const session = await stack.anonClient().auth.signInWithPassword({
      email: 'reception@demo.test',
      password: 'Demo1234!',
    });
    expect(session.error).toBeNull();
    expect(answered(await call('/auth/v1/user')).status).toBe(200);
    const refreshed = answered(
      await call('/auth/v1/token?grant_type=refresh_token', {
        method: 'POST',
        body: { refresh_token: session.data.session!.refresh_token },
      }),
    );
    expect(refreshed.status).toBe(200);
  });

  it('each edge function answers: create-user adds a staff account and delete-user removes it', async () => {
    expect(deployedFunctionNames(path.join(repoRoot, 'supabase/functions'))).toEqual(['create-user', 'delete-user']);
    const created = answered(
      await call('/functions/v1/create-user', {
        method: 'POST',
        body: {
          name: 'Door Keeper',
          email: `door-${randomUUID().slice(0, 8)}@example.test`,
          password: 'Door-pass-1',
          role: 'receptionist',
          clinic_id: clinicId,
        },
      }),
    );
    expect(created.status).toBe(200);
    const userId = (JSON.parse(created.text) as { user: { user_id: string } }).user.user_id;
    const deleted = answered(await call('/functions/v1/delete-user', { method: 'POST', body: { user_id: userId } }));
    expect(deleted.status).toBe(200);
  });

  it('each service route answers a valid request', async () => {
    const appointments = JSON.parse(
      answered(
        await call('/rest/v1/appointments?select=id,patient_id&deleted=is.false&order=appointment_time.desc&limit=1'),
      ).text,
    ) as { id: number; patient_id: number }[];
    const appointment = appointments[0]!;

    const notice = answered(
      await call(`/status-notifications/${appointment.id}`, {
        method: 'POST',
        body: { status: 'Confirmed', clinic_id: clinicId },
      }),
    );
    expect(notice.status).toBe(200);
    answered(
      await call(`/appointments/${appointment.id}/send-reminder?clinic_id=${clinicId}`, { method: 'POST', body: {} }),
    );
    answered(await call(`/api/recalls/${appointment.patient_id}?clinic_id=${clinicId}`, { method: 'POST' }));
    const period = 'from=2026-01-01T00:00:00%2B08:00&to=2026-12-31T00:00:00%2B08:00';
    for (const file of ['patients', 'appointments', 'invoices', 'payments']) {
      const filters = file === 'appointments' ? `&${period}` : '';
      const exported = answered(await call(`/api/exports/${file}.csv?clinicId=${clinicId}${filters}`));
      expect(exported.status, `${file}: ${exported.text.slice(0, 200)}`).toBe(200);
    }

    const started = answered(await call(`/api/clinics/${clinicId}/facebook/connect-state`, { method: 'POST' }));
    expect(started.status).toBe(200);
    const popupUrl = new URL((JSON.parse(started.text) as { url: string }).url);
    expect(answered(await call(`${popupUrl.pathname}${popupUrl.search}`)).status).toBe(302);
    expect(answered(await call(`/api/clinics/${clinicId}/facebook/pages`)).status).toBe(200);
    answered(await call('/api/facebook/callback?state=not-a-state'));
    answered(await call(`/api/clinics/${clinicId}/facebook/select-page`, { method: 'POST', body: { page_id: '1' } }));
    expect(answered(await call(`/api/clinics/${clinicId}/facebook/page`, { method: 'DELETE' })).status).toBe(200);
  });

  it('the socket.io handshake lets a signed-in member of the clinic in', async () => {
    const socket = connect(stack.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('/webhook answers Meta’s subscription check and a signed event', async () => {
    const check = answered(
      await call(
        `/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(LOCAL_META_APP.verifyToken)}&hub.challenge=42`,
      ),
    );
    expect(check).toEqual({ status: 200, text: '42' });
    const body = JSON.stringify({ object: 'page', entry: [] });
    const signature = createHmac('sha256', LOCAL_META_APP.appSecret).update(body).digest('hex');
    const event = answered(
      await call('/webhook', {
        method: 'POST',
        body,
        headers: { 'x-hub-signature-256': `sha256=${signature}` },
      }),
    );
    expect(event.status).toBe(200);
  });
});
