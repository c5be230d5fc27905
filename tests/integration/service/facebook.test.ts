/**
 * Connecting a clinic's Facebook page over real HTTP on the local stack, with the whole OAuth round
 * trip against the Meta stand-in followed by hand (as the popup's browser would): connect-state →
 * popup → login dialog → 'Continue' → callback → pages polled → select-page. Every test makes its
 * own clinic, staff and Facebook page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newNonce, signConnectState } from '../../../server/facebook/connect-state.ts';
import { createClinic } from '../../support/database.ts';
import { callService, newStandInPage, signIn } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

const PASSWORD = 'Facebook-pass-1';
const ADMINS_ONLY = 'Only a clinic admin can connect a Facebook page.';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});

afterAll(async () => {
  await stack?.stop();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 12);

const newClinic = () => createClinic(stack.db, `Facebook Clinic ${unique()}`);

interface Staff {
  email: string;
  userId: string;
  token: string;
}

async function staffOf(clinicId: number, role: 'superadmin' | 'admin' | 'receptionist' | 'dentist'): Promise<Staff> {
  const { email, userId } = await newStaffLogin(stack.serviceClient(), clinicId, role, PASSWORD);
  return { email, userId, token: (await signIn(stack, email, PASSWORD)).token };
}

const connectState = (clinicId: number, token?: string) =>
  callService(stack, `/api/clinics/${clinicId}/facebook/connect-state`, {
    method: 'POST',
    ...(token ? { token } : {}),
  });

interface Page {
  id: string;
  name: string;
  access_token: string;
  picture: { data: { url: string | null } };
}

const pagesOf = async (clinicId: number, token: string) => {
  const response = await callService(stack, `/api/clinics/${clinicId}/facebook/pages`, { token });
  expect(response.status).toBe(200);
  return (response.json() as { pages: Page[] }).pages;
};

const selectPage = (clinicId: number, token: string, body: unknown) =>
  callService(stack, `/api/clinics/${clinicId}/facebook/select-page`, { method: 'POST', token, body });

const decodeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

/**
 * What the popup does, step by step; `answer` is the button pressed in the login dialog. Returns
 * every answer the service gave the browser on the way (to look for leaked tokens).
 */
async function facebookLogin(clinicId: number, admin: Staff, answer: 'continue' | 'cancel' = 'continue') {
  const started = await connectState(clinicId, admin.token);
  expect(started.status).toBe(200);
  const { url, state } = started.json() as { url: string; state: string };

  const popup = await callService(stack, url.slice(stack.url.length));
  expect(popup.status).toBe(302);
  // Without it the SPA's handle on the popup reads closed at once (another browsing-context group).
  expect(popup.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  const dialogUrl = new URL(popup.headers.get('location')!);

  const dialog = await fetch(dialogUrl);
  expect(dialog.status).toBe(200);
  const html = await dialog.text();
  expect(html).toContain('Log in with Facebook (Ngiti stand-in)');
  const href = new RegExp(`id="${answer}"[^>]*href="([^"]+)"`).exec(html)?.[1];
  expect(href).toBeDefined();

  const callbackUrl = new URL(decodeHtml(href!));
  const callback = await callService(stack, `${callbackUrl.pathname}${callbackUrl.search}`);
  expect(callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  return {
    state,
    url,
    dialogUrl,
    callbackUrl,
    callback,
    browserSaw: [started.text, popup.headers.get('location')!, callback.text],
  };
}

describe('POST /api/clinics/:id/facebook/connect-state', () => {
  it('when there is no JWT, then 401', async () => {
    const clinicId = await newClinic();
    const response = await connectState(clinicId);
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('when the caller is a receptionist or dentist of the clinic, then 403', async () => {
    const clinicId = await newClinic();
    for (const role of ['receptionist', 'dentist'] as const) {
      const staff = await staffOf(clinicId, role);
      const response = await connectState(clinicId, staff.token);
      expect(response.status).toBe(403);
      expect(response.json()).toEqual({ error: ADMINS_ONLY });
    }
  });

  it('when the caller is the admin of another clinic, then 403', async () => {
    const clinicId = await newClinic();
    const otherAdmin = await staffOf(await newClinic(), 'admin');
    const response = await connectState(clinicId, otherAdmin.token);
    expect(response.status).toBe(403);
    expect(response.json()).toEqual({ error: 'You do not have access to this clinic.' });
  });

  it('when the caller is the clinic’s admin, then a signed state and the popup URL', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const response = await connectState(clinicId, admin.token);
    expect(response.status).toBe(200);
    const body = response.json() as { state: string; url: string };
    expect(body.state).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(body.url).toBe(
      `${stack.url}/api/clinics/${clinicId}/facebook/connect?state=${encodeURIComponent(body.state)}`,
    );
  });

  it('when the caller is a superadmin, then any clinic; an unknown clinic is 404, a bad id 400', async () => {
    const superadmin = await staffOf(await newClinic(), 'superadmin');
    expect((await connectState(await newClinic(), superadmin.token)).status).toBe(200);
    const missing = await connectState(987654321, superadmin.token);
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: 'Clinic not found.' });
    const bad = await callService(stack, '/api/clinics/abc/facebook/connect-state', {
      method: 'POST',
      token: superadmin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid clinic id.' });
  });
});

describe('the whole Facebook connect, against the Meta stand-in', () => {
  it('when the admin logs in and picks a page, then the clinic is connected, the token stays server-side and the page is subscribed', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const page = newStandInPage(stack);
    expect(await pagesOf(clinicId, admin.token)).toEqual([]);

    const login = await facebookLogin(clinicId, admin);
    const config = stack.service.deps.config;
    expect(`${login.dialogUrl.origin}${login.dialogUrl.pathname}`).toBe(config.metaOauthDialogUrl);
    expect(Object.fromEntries(login.dialogUrl.searchParams)).toEqual({
      client_id: config.metaAppId,
      redirect_uri: `${stack.url}/api/facebook/callback`,
      state: login.state,
      scope: 'pages_show_list,pages_messaging,pages_manage_metadata',
      response_type: 'code',
    });
    expect(`${login.callbackUrl.origin}${login.callbackUrl.pathname}`).toBe(`${stack.url}/api/facebook/callback`);
    expect(login.callback.status).toBe(200);
    expect(login.callback.text).toContain('Facebook login finished. You can close this window.');
    expect(login.callback.text).toContain('window.close()');

    const pages = await pagesOf(clinicId, admin.token);
    const offered = pages.find((candidate) => candidate.id === page.id);
    expect(offered).toEqual({
      id: page.id,
      name: page.name,
      access_token: expect.stringMatching(/^fbp_/),
      picture: { data: { url: expect.stringMatching(/\/_meta\/pictures\/smile\.svg$/) } },
    });
    expect(pages.map((candidate) => candidate.id)).toEqual(expect.arrayContaining(['1000000000000001', page.id]));

    const selected = await selectPage(clinicId, admin.token, {
      pageId: page.id,
      pageAccessToken: offered!.access_token,
    });
    expect(selected.status).toBe(200);
    expect(selected.json()).toEqual({ ok: true, page: { id: page.id, name: page.name } });

    const { rows } = await stack.db.query<{
      fb_page_id: string;
      messenger_page_id: string;
      fb_page_name: string;
      page_token_hint: string;
      token: string;
    }>(
      `select c.fb_page_id, c.messenger_page_id, c.fb_page_name, c.page_token_hint, s.fb_page_access_token as token
         from public.clinics c join public.clinic_secrets s on s.clinic_id = c.id where c.id = $1`,
      [clinicId],
    );
    expect(rows).toEqual([
      {
        fb_page_id: page.id,
        messenger_page_id: page.id,
        // Kept so that the SPA can name the page when its poll finds the clinic connected.
        fb_page_name: page.name,
        page_token_hint: page.accessToken.slice(-4),
        token: page.accessToken,
      },
    ]);
    expect(stack.metaStandIn.state.subscribedPages.has(page.id)).toBe(true);
    // The picker is done: nothing left to poll.
    expect(await pagesOf(clinicId, admin.token)).toEqual([]);

    const everythingTheBrowserGot = [...login.browserSaw, JSON.stringify(pages), selected.text].join('\n');
    for (const standInPage of stack.metaStandIn.state.pages) {
      expect(everythingTheBrowserGot).not.toContain(standInPage.accessToken);
    }
  });

  it("when a page is connected, then the clinic's admin reads its name in the browser but cannot change it", async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const page = newStandInPage(stack);
    await facebookLogin(clinicId, admin);
    const offered = (await pagesOf(clinicId, admin.token)).find((candidate) => candidate.id === page.id)!;
    expect(
      (await selectPage(clinicId, admin.token, { pageId: page.id, pageAccessToken: offered.access_token })).status,
    ).toBe(200);

    const browser = await stack.signedIn(admin.email, PASSWORD);
    const read = await browser.from('clinics').select('fb_page_id, fb_page_name').eq('id', clinicId).single();
    expect(read.error).toBeNull();
    expect(read.data).toEqual({ fb_page_id: page.id, fb_page_name: page.name });

    for (const fb_page_name of ['Renamed in the browser', null]) {
      const refused = await browser.from('clinics').update({ fb_page_name }).eq('id', clinicId).select('id');
      expect(refused.error, String(fb_page_name)).toMatchObject({ code: '42501' });
    }
    // Resending the value it read, as a whole-row save would, is no change.
    const resent = await browser.from('clinics').update({ fb_page_name: page.name }).eq('id', clinicId).select('id');
    expect(resent.error).toBeNull();
    const { rows } = await stack.db.query('select fb_page_name from public.clinics where id = $1', [clinicId]);
    expect(rows).toEqual([{ fb_page_name: page.name }]);
  });

  it('when Meta redirects to the callback a second time with the same state, then it is refused', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const login = await facebookLogin(clinicId, admin);
    expect(login.callback.status).toBe(200);
    const again = await callService(stack, `${login.callbackUrl.pathname}${login.callbackUrl.search}`);
    expect(again.status).toBe(400);
    expect(again.text).toContain('This Facebook login was already finished or has expired.');
  });

  it('when the admin presses Cancel in the dialog, then the popup says so and no pages are offered', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const login = await facebookLogin(clinicId, admin, 'cancel');
    expect(login.callbackUrl.searchParams.get('error')).toBe('access_denied');
    expect(login.callbackUrl.searchParams.get('error_reason')).toBe('user_denied');
    expect(login.callback.status).toBe(200);
    expect(login.callback.text).toContain('Facebook login was cancelled');
    expect(await pagesOf(clinicId, admin.token)).toEqual([]);
  });

  it('when the page is already connected to another clinic, then 409 and this clinic stays unconnected', async () => {
    const page = newStandInPage(stack);
    const firstClinic = await newClinic();
    const firstAdmin = await staffOf(firstClinic, 'admin');
    await facebookLogin(firstClinic, firstAdmin);
    const firstHandle = (await pagesOf(firstClinic, firstAdmin.token)).find((candidate) => candidate.id === page.id)!;
    expect(
      (await selectPage(firstClinic, firstAdmin.token, { pageId: page.id, pageAccessToken: firstHandle.access_token }))
        .status,
    ).toBe(200);

    const secondClinic = await newClinic();
    const secondAdmin = await staffOf(secondClinic, 'admin');
    await facebookLogin(secondClinic, secondAdmin);
    const secondHandle = (await pagesOf(secondClinic, secondAdmin.token)).find(
      (candidate) => candidate.id === page.id,
    )!;
    const refused = await selectPage(secondClinic, secondAdmin.token, {
      pageId: page.id,
      pageAccessToken: secondHandle.access_token,
    });
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({ error: 'This Facebook page is already connected to another clinic.' });
    const { rows } = await stack.db.query('select messenger_page_id from public.clinics where id = $1', [secondClinic]);
    expect(rows).toEqual([{ messenger_page_id: null }]);
  });
  it('when Facebook refuses the code exchange, then the popup says so (502) and no pages are offered', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const metaState = stack.metaStandIn.state;
    const realSecret = metaState.appSecret;
    // Meta no longer accepts the service's app secret (e.g. it was reset in the app dashboard).
    metaState.appSecret = `reset-${unique()}`;
    try {
      const login = await facebookLogin(clinicId, admin);
      expect(login.callback.status).toBe(502);
      expect(login.callback.text).toContain('Facebook refused to list your pages.');
    } finally {
      metaState.appSecret = realSecret;
    }
    expect(await pagesOf(clinicId, admin.token)).toEqual([]);
  });
});

describe('the popup refuses states it did not issue for that clinic', () => {
  it('when the state was tampered with, then 403', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const { state } = (await connectState(clinicId, admin.token)).json() as { state: string };
    const [version, body, signature] = state.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const otherClinic = await newClinic();
    const forged = `${version}.${Buffer.from(JSON.stringify({ ...claims, c: otherClinic })).toString('base64url')}.${signature}`;
    const response = await callService(
      stack,
      `/api/clinics/${otherClinic}/facebook/connect?state=${encodeURIComponent(forged)}`,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.text).toContain('This Facebook connect link is not valid.');
  });

  it('when a valid state is used on another clinic’s path, then 403', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const { state } = (await connectState(clinicId, admin.token)).json() as { state: string };
    const response = await callService(
      stack,
      `/api/clinics/${await newClinic()}/facebook/connect?state=${encodeURIComponent(state)}`,
    );
    expect(response.status).toBe(403);
    expect(response.text).toContain('belongs to another clinic');
  });

  it('when the state has expired, then 400', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const expired = signConnectState(
      { clinicId, userId: admin.userId, nonce: newNonce(), expiresAt: Date.now() - 1000 },
      stack.service.deps.config.metaAppSecret,
    );
    const response = await callService(
      stack,
      `/api/clinics/${clinicId}/facebook/connect?state=${encodeURIComponent(expired)}`,
    );
    expect(response.status).toBe(400);
    expect(response.text).toContain('This Facebook connect link has expired.');
  });

  it('when a correctly signed state was never issued (no stored nonce), then 400', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const unissued = signConnectState(
      { clinicId, userId: admin.userId, nonce: newNonce(), expiresAt: Date.now() + 60_000 },
      stack.service.deps.config.metaAppSecret,
    );
    const response = await callService(
      stack,
      `/api/clinics/${clinicId}/facebook/connect?state=${encodeURIComponent(unissued)}`,
    );
    expect(response.status).toBe(400);
  });

  it('when the popup URL is opened a second time, then 400', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const { url } = (await connectState(clinicId, admin.token)).json() as { url: string };
    expect((await callService(stack, url.slice(stack.url.length))).status).toBe(302);
    const again = await callService(stack, url.slice(stack.url.length));
    expect(again.status).toBe(400);
    expect(again.text).toContain('This Facebook connect link was already used or has expired.');
  });

  it('when there is no state at all, then 400 (popup and callback alike)', async () => {
    const clinicId = await newClinic();
    expect((await callService(stack, `/api/clinics/${clinicId}/facebook/connect`)).status).toBe(400);
    expect((await callService(stack, '/api/facebook/callback?code=abc')).status).toBe(400);
  });
});

describe('GET pages and POST select-page', () => {
  it('when the caller is not the clinic’s admin, then 401/403', async () => {
    const clinicId = await newClinic();
    const receptionist = await staffOf(clinicId, 'receptionist');
    expect((await callService(stack, `/api/clinics/${clinicId}/facebook/pages`)).status).toBe(401);
    const pages = await callService(stack, `/api/clinics/${clinicId}/facebook/pages`, { token: receptionist.token });
    expect(pages.status).toBe(403);
    expect(pages.json()).toEqual({ error: ADMINS_ONLY });
    const select = await selectPage(clinicId, receptionist.token, { pageId: '1', pageAccessToken: 'fbp_x' });
    expect(select.status).toBe(403);
  });

  it('when the handle is unknown, belongs to another page, or is the real token, then 400 and nothing is stored', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const page = newStandInPage(stack);
    await facebookLogin(clinicId, admin);
    const pages = await pagesOf(clinicId, admin.token);
    const offered = pages.find((candidate) => candidate.id === page.id)!;
    const another = pages.find((candidate) => candidate.id !== page.id)!;
    for (const body of [
      { pageId: page.id, pageAccessToken: 'fbp_not-a-handle-we-issued' },
      { pageId: page.id, pageAccessToken: another.access_token },
      { pageId: page.id, pageAccessToken: page.accessToken },
    ]) {
      const response = await selectPage(clinicId, admin.token, body);
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({
        error: 'This Facebook page is not available to connect. Please click Connect Facebook Page again.',
      });
    }
    expect(offered).toBeDefined();
    const { rows } = await stack.db.query('select 1 from public.clinic_secrets where clinic_id = $1', [clinicId]);
    expect(rows).toEqual([]);
  });

  it('when the handle belongs to another clinic’s login, then 400', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const otherClinic = await newClinic();
    const otherAdmin = await staffOf(otherClinic, 'admin');
    const page = newStandInPage(stack);
    await facebookLogin(otherClinic, otherAdmin);
    const othersHandle = (await pagesOf(otherClinic, otherAdmin.token)).find((candidate) => candidate.id === page.id)!;
    const response = await selectPage(clinicId, admin.token, {
      pageId: page.id,
      pageAccessToken: othersHandle.access_token,
    });
    expect(response.status).toBe(400);
  });

  it('when the body is missing fields or is not JSON, then 400', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const missing = await selectPage(clinicId, admin.token, { pageId: '123' });
    expect(missing.status).toBe(400);
    expect(missing.json()).toEqual({ error: 'pageId and pageAccessToken are required.' });
    const malformed = await selectPage(clinicId, admin.token, '{"pageId":');
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.any(String) });
  });

  it('when pageId or the handle holds a NUL or a lone surrogate, then 400, not a database error', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    for (const body of [
      { pageId: '123\u0000', pageAccessToken: 'fbp_handle' },
      { pageId: '123', pageAccessToken: 'fbp_\u0000' },
      { pageId: '\ud800', pageAccessToken: 'fbp_handle' },
    ]) {
      const response = await selectPage(clinicId, admin.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: 'pageId and pageAccessToken are required.' });
    }
  });

  it('when the clinic id in the path is undecodable, NUL or overflowing, then 400 on every route, never a 5xx', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    for (const id of ['%ff%fe', '%E0%A4%A', '%00', '1%00', '1e308', '99999999999999999999']) {
      for (const [method, path] of [
        ['POST', `/api/clinics/${id}/facebook/connect-state`],
        ['GET', `/api/clinics/${id}/facebook/pages`],
        ['POST', `/api/clinics/${id}/facebook/select-page`],
        ['GET', `/api/clinics/${id}/facebook/connect?state=x`],
      ] as const) {
        const response = await callService(stack, path, {
          method,
          token: admin.token,
          ...(method === 'POST' ? { body: { pageId: '1', pageAccessToken: 'h' } } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(400);
        if (response.headers.get('content-type')?.startsWith('application/json'))
          expect(Object.keys(response.json()), `${method} ${path}`).toEqual(['error']);
      }
    }
  });

  it('when Meta refuses the page subscription, then 502 and nothing is stored', async () => {
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const page = newStandInPage(stack);
    await facebookLogin(clinicId, admin);
    const offered = (await pagesOf(clinicId, admin.token)).find((candidate) => candidate.id === page.id)!;
    // The page's token was revoked at Meta between login and choice.
    stack.metaStandIn.state.pages.find((candidate) => candidate.id === page.id)!.accessToken = `revoked-${unique()}`;

    const response = await selectPage(clinicId, admin.token, {
      pageId: page.id,
      pageAccessToken: offered.access_token,
    });
    expect(response.status).toBe(502);
    expect(response.json()).toEqual({ error: 'Failed to connect selected Facebook page.' });
    const clinic = await stack.db.query(
      'select fb_page_id, messenger_page_id, fb_page_name, page_token_hint from public.clinics where id = $1',
      [clinicId],
    );
    expect(clinic.rows).toEqual([
      { fb_page_id: null, messenger_page_id: null, fb_page_name: null, page_token_hint: null },
    ]);
    const secrets = await stack.db.query('select 1 from public.clinic_secrets where clinic_id = $1', [clinicId]);
    expect(secrets.rows).toEqual([]);
    expect(stack.metaStandIn.state.subscribedPages.has(page.id)).toBe(false);
    // The choice can be retried while the list is fresh.
    expect((await pagesOf(clinicId, admin.token)).some((candidate) => candidate.id === page.id)).toBe(true);
  });
});
