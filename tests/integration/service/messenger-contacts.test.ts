/**
 * What the webhook keeps of a person writing to a clinic's page, over real HTTP on the local stack:
 * their Messenger profile (name and picture, read once from the User Profile API with the page
 * token) and the first text they wrote, never overwritten; a profile Meta will not give is
 * tolerated. Also the Meta stand-in's side of it: GET /_meta/v21.0/{psid}, the avatars it serves,
 * and the names /_dev/messenger/inbound takes. Every test makes its own clinic and page.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenWebhookIdle } from '../../../server/webhook/processor.ts';
import {
  deliverToWebhook,
  newConnectedClinic,
  postJson,
  signedMessagingEvent,
  type ConnectedClinic,
} from '../../support/service.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

let stack: TestStack;
let appSecret: string;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  appSecret = stack.service.deps.config.metaAppSecret;
});

afterAll(async () => {
  await stack?.stop();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 12);

const connectedClinic = () => newConnectedClinic(stack, 'Contacts');

/** A person writing to the page through the Meta stand-in; resolves once the service processed it. */
async function personSends(body: {
  pageId: string;
  psid: string;
  text?: string;
  postbackPayload?: string;
  firstName?: string;
  lastName?: string;
}) {
  const response = await postJson(stack, '/_dev/messenger/inbound', body);
  expect(response.status).toBe(200);
  expect(((await response.json()) as { status: number }).status).toBe(200);
  await whenWebhookIdle();
}

/** A signed webhook body posted straight to the service (a sender the stand-in never saw). */
async function metaDelivers(pageId: string, psid: string, text: string, timestamp: number) {
  const event = signedMessagingEvent(appSecret, { pageId, psid, timestamp, message: { mid: `m_${unique()}`, text } });
  expect((await deliverToWebhook(stack, event)).status).toBe(200);
  await whenWebhookIdle();
}

interface ContactRow {
  display_name: string | null;
  profile_pic_url: string | null;
  first_message: string | null;
  first_message_at: Date | null;
  last_inbound_at: Date | null;
}

async function contactOf(clinic: ConnectedClinic, psid: string): Promise<ContactRow | undefined> {
  const { rows } = await stack.db.query<ContactRow>(
    `select display_name, profile_pic_url, first_message, first_message_at, last_inbound_at
       from public.messenger_contacts where page_id = $1 and psid = $2`,
    [clinic.pageId, psid],
  );
  return rows[0];
}

const deadLettersOf = async (pageId: string) =>
  (await stack.db.query('select 1 from public.webhook_dead_letters where page_id = $1', [pageId])).rows.length;

const proof = (token: string) => createHmac('sha256', appSecret).update(token).digest('hex');

describe('the webhook keeps who wrote', () => {
  it('when a new person writes, then their name, picture and first message are stored', async () => {
    const clinic = await connectedClinic();
    const psid = `7${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await personSends({
      pageId: clinic.pageId,
      psid,
      text: 'Hello po, can I book?',
      firstName: 'Maria',
      lastName: 'Santos',
    });

    const contact = await contactOf(clinic, psid);
    expect(contact).toMatchObject({
      display_name: 'Maria Santos',
      profile_pic_url: `${stack.url}/_meta/avatars/${psid}.svg`,
      first_message: 'Hello po, can I book?',
    });
    expect(new Date(contact!.first_message_at!).getTime()).toBe(new Date(contact!.last_inbound_at!).getTime());

    // The picture is served by the stand-in on the same origin, as an SVG with the initials.
    const picture = await fetch(contact!.profile_pic_url!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await picture.text()).toContain('>MS</text>');
  });

  it('when the same person writes again, then the first message and the name stay as they were', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    await personSends({ pageId: clinic.pageId, psid, text: 'First words', firstName: 'Jose', lastName: 'Reyes' });
    const first = await contactOf(clinic, psid);
    await personSends({ pageId: clinic.pageId, psid, text: 'Second words', firstName: 'Renamed', lastName: 'Person' });
    const second = await contactOf(clinic, psid);
    expect(second).toMatchObject({ display_name: 'Jose Reyes', first_message: 'First words' });
    expect(new Date(second!.first_message_at!).getTime()).toBe(new Date(first!.first_message_at!).getTime());
  });

  it('when no name is given to the stand-in, then the demo name from the psid is stored', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}4321`;
    await personSends({ pageId: clinic.pageId, psid, text: 'Hi' });
    expect((await contactOf(clinic, psid))!.display_name).toBe('Demo Sender 4321');
  });

  it('when the first event is a button tap, then no first message until the person types one', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    await personSends({ pageId: clinic.pageId, psid, postbackPayload: 'GET_STARTED', firstName: 'Ana' });
    expect(await contactOf(clinic, psid)).toMatchObject({
      display_name: 'Ana',
      first_message: null,
      first_message_at: null,
    });
    await personSends({ pageId: clinic.pageId, psid, text: 'Magandang umaga' });
    expect((await contactOf(clinic, psid))!.first_message).toBe('Magandang umaga');
  });

  it('when Meta will not give the profile, then the contact and first message are kept without it, and it is read on a later message', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    const sentAt = Date.parse('2026-11-20T02:00:00Z');
    // The stand-in never saw this sender: its User Profile API refuses (code 100), as Meta does
    // for people who did not allow it.
    await metaDelivers(clinic.pageId, psid, 'Is the clinic open on Saturday?', sentAt);
    const contact = await contactOf(clinic, psid);
    expect(contact).toMatchObject({
      display_name: null,
      profile_pic_url: null,
      first_message: 'Is the clinic open on Saturday?',
    });
    expect(new Date(contact!.first_message_at!).getTime()).toBe(sentAt);
    expect(await deadLettersOf(clinic.pageId)).toBe(0);

    await personSends({ pageId: clinic.pageId, psid, text: 'Hello?', firstName: 'Carlo', lastName: 'Cruz' });
    expect(await contactOf(clinic, psid)).toMatchObject({
      display_name: 'Carlo Cruz',
      first_message: 'Is the clinic open on Saturday?',
    });
  });

  it('when the clinic has no stored page token, then the contact is still recorded, without a profile', async () => {
    const clinic = await connectedClinic();
    await stack.db.query('delete from public.clinic_secrets where clinic_id = $1', [clinic.id]);
    const psid = `psid-${unique()}`;
    await personSends({ pageId: clinic.pageId, psid, text: 'Hi', firstName: 'Liza' });
    expect(await contactOf(clinic, psid)).toMatchObject({ display_name: null, first_message: 'Hi' });
    expect(await deadLettersOf(clinic.pageId)).toBe(0);
  });

  it('when a message is longer than 2000 characters or holds a NUL, then what can be stored is kept', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    await metaDelivers(clinic.pageId, psid, `a\u0000${'b'.repeat(2500)}`, Date.parse('2026-11-20T03:00:00Z'));
    const stored = (await contactOf(clinic, psid))!.first_message!;
    expect([...stored]).toHaveLength(2000);
    expect(stored.startsWith('a\uFFFDb')).toBe(true);
    expect(await deadLettersOf(clinic.pageId)).toBe(0);
  });
});

describe('the Meta stand-in', () => {
  const graph = (path: string) => fetch(`${stack.url}/_meta/v21.0/${path}`);

  it('answers the User Profile API for a sender of that page, with the page token and proof', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    await personSends({ pageId: clinic.pageId, psid, text: 'Hi', firstName: 'Bea', lastName: 'Flores' });
    const token = encodeURIComponent(clinic.pageToken);
    const ok = await graph(
      `${psid}?fields=first_name,last_name,profile_pic&access_token=${token}&appsecret_proof=${proof(clinic.pageToken)}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      id: psid,
      first_name: 'Bea',
      last_name: 'Flores',
      profile_pic: `${stack.url}/_meta/avatars/${psid}.svg`,
    });

    const wrongToken = await graph(`${psid}?fields=first_name&access_token=not-a-token`);
    expect(wrongToken.status).toBe(400);
    expect(((await wrongToken.json()) as { error: { code: number } }).error.code).toBe(190);

    const wrongProof = await graph(`${psid}?fields=first_name&access_token=${token}&appsecret_proof=abc`);
    expect(wrongProof.status).toBe(400);

    // PSIDs are page-scoped: another page's token does not see this sender.
    const other = await connectedClinic();
    const elsewhere = await graph(`${psid}?fields=first_name&access_token=${encodeURIComponent(other.pageToken)}`);
    expect(elsewhere.status).toBe(400);
    expect(((await elsewhere.json()) as { error: { code: number; error_subcode: number } }).error).toMatchObject({
      code: 100,
      error_subcode: 33,
    });
  });

  it('serves avatars only for known senders, with the initials escaped', async () => {
    const clinic = await connectedClinic();
    const psid = `psid-${unique()}`;
    await personSends({ pageId: clinic.pageId, psid, text: 'Hi', firstName: '<script>', lastName: '&co' });
    const svg = await (await fetch(`${stack.url}/_meta/avatars/${psid}.svg`)).text();
    expect(svg).toContain('>&lt;&amp;</text>');
    expect(svg).not.toContain('<script');
    expect((await fetch(`${stack.url}/_meta/avatars/nobody-${unique()}.svg`)).status).toBe(404);
  });

  it('refuses empty or over-long names at /_dev/messenger/inbound', async () => {
    const clinic = await connectedClinic();
    for (const names of [{ firstName: '' }, { lastName: '   ' }, { firstName: 'x'.repeat(101) }]) {
      const response = await postJson(stack, '/_dev/messenger/inbound', {
        pageId: clinic.pageId,
        psid: `psid-${unique()}`,
        text: 'Hi',
        ...names,
      });
      expect(response.status).toBe(400);
    }
  });
});
