/**
 * Disconnecting a clinic's Facebook page over real HTTP on the local stack (DELETE
 * /api/clinics/:id/facebook/page): who may, what Meta is told (the stand-in's subscribed_apps),
 * what the database forgets, and that the clinic can connect a page again. Also Bright Teeth, the
 * seed's unconnected clinic, connecting the stand-in's demo page 'Bright Teeth PH' end to end.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAGES } from '../../../local/meta/state.ts';
import { createClinic } from '../../support/database.ts';
import { callService, demoClinics, DEMO, newStandInPage, signIn } from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { newStaffLogin } from '../../support/staff-login.ts';

const PASSWORD = 'Disconnect-pass-1';
const NO_PAGE = 'This clinic has no connected Facebook page.';
const ADMINS_ONLY = 'Only a clinic admin can disconnect a Facebook page.';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 12);

const newClinic = () => createClinic(stack.db, `Disconnect Clinic ${unique()}`);

async function staffOf(clinicId: number, role: 'superadmin' | 'admin' | 'receptionist' | 'dentist') {
  const { email } = await newStaffLogin(stack.serviceClient(), clinicId, role, PASSWORD);
  return (await signIn(stack, email, PASSWORD)).token;
}

const disconnect = (clinicId: number | string, token?: string) =>
  callService(stack, `/api/clinics/${clinicId}/facebook/page`, { method: 'DELETE', ...(token ? { token } : {}) });

const decodeHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

/** The popup's round trip (connect-state → dialog → Continue → callback), then the page picked. */
async function connect(clinicId: number, token: string, pageId: string) {
  const started = await callService(stack, `/api/clinics/${clinicId}/facebook/connect-state`, {
    method: 'POST',
    token,
  });
  expect(started.status).toBe(200);
  const { url } = started.json() as { url: string };
  const popup = await fetch(url, { redirect: 'manual' });
  expect(popup.status).toBe(302);
  const dialog = await fetch(popup.headers.get('location')!);
  const href = /id="continue"[^>]*href="([^"]+)"/.exec(await dialog.text())?.[1];
  expect(href).toBeDefined();
  const callback = await fetch(decodeHtml(href!), { redirect: 'manual' });
  expect(callback.status).toBe(200);
  const pages = (await callService(stack, `/api/clinics/${clinicId}/facebook/pages`, { token })).json() as {
    pages: { id: string; name: string; access_token: string }[];
  };
  const choice = pages.pages.find((page) => page.id === pageId);
  expect(choice).toBeDefined();
  const selected = await callService(stack, `/api/clinics/${clinicId}/facebook/select-page`, {
    method: 'POST',
    token,
    body: { pageId, pageAccessToken: choice!.access_token },
  });
  expect(selected.status).toBe(200);
  return selected.json();
}

async function connection(clinicId: number) {
  const { rows } = await stack.db.query<{
    fb_page_id: string | null;
    messenger_page_id: string | null;
    fb_page_name: string | null;
    page_token_hint: string | null;
    token: string | null;
  }>(
    `select c.fb_page_id, c.messenger_page_id, c.fb_page_name, c.page_token_hint, s.fb_page_access_token as token
       from public.clinics c left join public.clinic_secrets s on s.clinic_id = c.id where c.id = $1`,
    [clinicId],
  );
  return rows[0]!;
}

const UNCONNECTED = {
  fb_page_id: null,
  messenger_page_id: null,
  fb_page_name: null,
  page_token_hint: null,
  token: null,
};

describe('DELETE /api/clinics/:id/facebook/page: who may', () => {
  it('when there is no JWT, then 401; a receptionist or dentist, 403; another clinic’s admin, 403', async () => {
    const clinicId = await newClinic();
    const page = newStandInPage(stack);
    const admin = await staffOf(clinicId, 'admin');
    await connect(clinicId, admin, page.id);

    expect((await disconnect(clinicId)).status).toBe(401);
    for (const role of ['receptionist', 'dentist'] as const) {
      const refused = await disconnect(clinicId, await staffOf(clinicId, role));
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({ error: ADMINS_ONLY });
    }
    const otherAdmin = await staffOf(await newClinic(), 'admin');
    expect((await disconnect(clinicId, otherAdmin)).status).toBe(403);

    // Nothing was forgotten and Meta still delivers the page's messages.
    expect(await connection(clinicId)).toMatchObject({ fb_page_id: page.id, token: page.accessToken });
    expect(stack.metaStandIn.state.subscribedPages.has(page.id)).toBe(true);
  });

  it('when the clinic is unknown, then 404 (superadmin); a bad id, 400; no page, 409 with the reason', async () => {
    const superadmin = await staffOf(await newClinic(), 'superadmin');
    expect((await disconnect(999_999_999, superadmin)).status).toBe(404);
    expect((await disconnect('abc', superadmin)).status).toBe(400);
    const clinicId = await newClinic();
    const admin = await staffOf(clinicId, 'admin');
    const none = await disconnect(clinicId, admin);
    expect(none.status).toBe(409);
    expect(none.json()).toEqual({ error: NO_PAGE });
  });
});

describe('DELETE /api/clinics/:id/facebook/page: what it does', () => {
  it('when the admin disconnects, then Meta stops the webhooks, token and page ids are gone, and a page can be connected again', async () => {
    const clinicId = await newClinic();
    const page = newStandInPage(stack);
    const admin = await staffOf(clinicId, 'admin');
    await connect(clinicId, admin, page.id);
    expect(stack.metaStandIn.state.subscribedPages.has(page.id)).toBe(true);
    expect(await connection(clinicId)).toMatchObject({ fb_page_id: page.id, fb_page_name: page.name });

    const answer = await disconnect(clinicId, admin);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ ok: true, unsubscribed: true });
    expect(stack.metaStandIn.state.subscribedPages.has(page.id)).toBe(false);
    expect(await connection(clinicId)).toEqual(UNCONNECTED);
    const secrets = await stack.db.query('select 1 from public.clinic_secrets where clinic_id = $1', [clinicId]);
    expect(secrets.rows).toEqual([]);

    expect((await disconnect(clinicId, admin)).json()).toEqual({ error: NO_PAGE });

    // Connecting again: the same flow, pages and select-page.
    const again = await connect(clinicId, admin, page.id);
    expect(again).toEqual({ ok: true, page: { id: page.id, name: page.name } });
    expect(await connection(clinicId)).toMatchObject({
      fb_page_id: page.id,
      messenger_page_id: page.id,
      fb_page_name: page.name,
    });
    expect(stack.metaStandIn.state.subscribedPages.has(page.id)).toBe(true);
  });

  it('when Meta refuses the unsubscription (revoked token), then the page is forgotten anyway, unsubscribed: false', async () => {
    const clinicId = await newClinic();
    const page = newStandInPage(stack);
    const admin = await staffOf(clinicId, 'admin');
    await connect(clinicId, admin, page.id);
    // The page's owner revoked the token at Facebook.
    stack.metaStandIn.state.pages.find((candidate) => candidate.id === page.id)!.accessToken = `revoked-${unique()}`;

    const answer = await disconnect(clinicId, admin);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ ok: true, unsubscribed: false });
    expect(await connection(clinicId)).toEqual(UNCONNECTED);
  });

  it('when the page is then connected to another clinic, then the first clinic keeps none of its senders', async () => {
    const first = await newClinic();
    const second = await newClinic();
    const page = newStandInPage(stack);
    await connect(first, await staffOf(first, 'admin'), page.id);
    const psid = `psid-${unique()}`;
    await stack.db.query(
      `insert into public.messenger_contacts (clinic_id, page_id, psid, last_inbound_at) values ($1, $2, $3, now())`,
      [first, page.id, psid],
    );
    await disconnect(first, await staffOf(first, 'admin'));
    await connect(second, await staffOf(second, 'admin'), page.id);

    const { rows } = await stack.db.query('select clinic_id from public.messenger_contacts where page_id = $1', [
      page.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('when a superadmin disconnects any clinic, then it is done', async () => {
    const clinicId = await newClinic();
    const page = newStandInPage(stack);
    await connect(clinicId, await staffOf(clinicId, 'admin'), page.id);
    const superadmin = await staffOf(await newClinic(), 'superadmin');
    expect((await disconnect(clinicId, superadmin)).json()).toEqual({ ok: true, unsubscribed: true });
    expect(await connection(clinicId)).toEqual(UNCONNECTED);
  });
});

describe('the demo data', () => {
  it("lets Bright Teeth's admin connect the demo page 'Bright Teeth PH' and disconnect it again", async () => {
    const { bright } = await demoClinics(stack.db);
    expect(await connection(bright)).toEqual(UNCONNECTED);
    const demoPage = DEMO_PAGES.find((page) => page.name === 'Bright Teeth PH')!;
    const { rows } = await stack.db.query('select id from public.clinics where messenger_page_id = $1', [demoPage.id]);
    expect(rows).toEqual([]);

    const admin2 = (await signIn(stack, DEMO.admin2)).token;
    expect(await connect(bright, admin2, demoPage.id)).toEqual({
      ok: true,
      page: { id: demoPage.id, name: 'Bright Teeth PH' },
    });
    expect(await connection(bright)).toEqual({
      fb_page_id: demoPage.id,
      messenger_page_id: demoPage.id,
      fb_page_name: 'Bright Teeth PH',
      page_token_hint: demoPage.accessToken.slice(-4),
      token: demoPage.accessToken,
    });

    expect((await disconnect(bright, admin2)).json()).toEqual({ ok: true, unsubscribed: true });
    expect(await connection(bright)).toEqual(UNCONNECTED);
  });
});
