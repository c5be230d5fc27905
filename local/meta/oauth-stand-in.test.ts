/**
 * The Meta stand-in's Facebook Login and inbound simulator on their own, over real HTTP: the
 * checks Meta makes (app id, redirect_uri, client secret, single-use codes, tokens) and the
 * signed webhook deliveries.
 */
import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandInInboundRouter } from './inbound.ts';
import { createStandInOauthRouter } from './oauth.ts';
import { createStandInState, inboundKey, type MetaStandInState } from './state.ts';

const APP_ID = '1000000000000900';
const APP_SECRET = 'stand-in-test-secret';
const NOW = new Date('2026-11-23T01:00:00.000Z');
const REDIRECT = 'https://service.example.test/api/facebook/callback';

let server: Server;
let base: string;
let state: MetaStandInState;
/** What the fake webhook received: raw body and signature header. */
const received: { raw: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  state = createStandInState({ webhookUrl: 'set below', appSecret: APP_SECRET, appId: APP_ID, now: () => NOW });
  const app = express();
  app.use('/_meta', createStandInOauthRouter(state));
  app.use('/_dev/messenger', createStandInInboundRouter(state));
  app.post('/webhook', express.raw({ type: () => true }), (req, res) => {
    received.push({ raw: (req.body as Buffer).toString('utf8'), signature: req.get('x-hub-signature-256') });
    res.status(200).send('EVENT_RECEIVED');
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.webhookUrl = `${base}/webhook`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const dialog = (params: Record<string, string>) =>
  fetch(`${base}/_meta/dialog/oauth?${new URLSearchParams(params)}`, { redirect: 'manual' });

async function codeFromDialog(): Promise<string> {
  const response = await dialog({ client_id: APP_ID, redirect_uri: REDIRECT, state: 's1', response_type: 'code' });
  const html = await response.text();
  const href = /id="continue"[^>]*href="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  return new URL(href).searchParams.get('code')!;
}

const exchange = (params: Record<string, string>) =>
  fetch(`${base}/_meta/v21.0/oauth/access_token?${new URLSearchParams(params)}`);

describe('the login dialog', () => {
  it('when asked with the app id and a redirect_uri, then Continue and Cancel lead back to it', async () => {
    const response = await dialog({
      client_id: APP_ID,
      redirect_uri: REDIRECT,
      state: 'abc',
      scope: 'pages_show_list',
    });
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/&#38;/g, '&');
    expect(html).toContain('Log in with Facebook (Ngiti stand-in)');
    const continueUrl = new URL(/id="continue"[^>]*href="([^"]+)"/.exec(html)![1]!);
    const cancelUrl = new URL(/id="cancel"[^>]*href="([^"]+)"/.exec(html)![1]!);
    expect(`${continueUrl.origin}${continueUrl.pathname}`).toBe(REDIRECT);
    expect(continueUrl.searchParams.get('state')).toBe('abc');
    expect(continueUrl.searchParams.get('code')).toMatch(/^AQ/);
    expect(Object.fromEntries(cancelUrl.searchParams)).toMatchObject({
      error: 'access_denied',
      error_reason: 'user_denied',
      state: 'abc',
    });
  });

  it('when the client_id is not the app or the redirect_uri is missing, then an error page', async () => {
    expect((await dialog({ client_id: '42', redirect_uri: REDIRECT })).status).toBe(400);
    expect((await dialog({ client_id: APP_ID })).status).toBe(400);
    expect((await dialog({ client_id: APP_ID, redirect_uri: 'javascript:alert(1)' })).status).toBe(400);
  });
});

describe('oauth/access_token and me/accounts', () => {
  it('when the code is exchanged, then a user token lists the pages with their tokens and pictures', async () => {
    const code = await codeFromDialog();
    const response = await exchange({ client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT, code });
    expect(response.status).toBe(200);
    const token = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 7200 });

    const longLived = await exchange({
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: token.access_token,
    });
    const long = (await longLived.json()) as { access_token: string; expires_in: number };
    expect(long.expires_in).toBe(60 * 86_400);

    const accounts = await fetch(
      `${base}/_meta/v21.0/me/accounts?fields=id,name,access_token,picture&access_token=${long.access_token}`,
    );
    const body = (await accounts.json()) as { data: unknown[]; paging: unknown };
    expect(body.paging).toEqual({});
    expect(body.data[0]).toEqual({
      id: '1000000000000001',
      name: 'Smile Dental Clinic',
      access_token: 'EAAPAGE1demo',
      picture: { data: expect.objectContaining({ url: `${base}/_meta/pictures/smile.svg` }) },
    });
  });

  it('when a code is used twice, then Meta’s "code has been used" error', async () => {
    const code = await codeFromDialog();
    const params = { client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT, code };
    expect((await exchange(params)).status).toBe(200);
    const again = await exchange(params);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: expect.objectContaining({ code: 100, error_subcode: 36009, type: 'OAuthException' }),
    });
  });

  it('when the client secret, app id, redirect_uri or code is wrong, then a Meta-shaped 400', async () => {
    const code = await codeFromDialog();
    const good = { client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT, code };
    for (const [params, expected] of [
      [
        { ...good, client_secret: 'nope' },
        { code: 1, message: 'Error validating client secret.' },
      ],
      [{ ...good, client_id: '42' }, { code: 101 }],
      [
        { ...good, redirect_uri: 'https://elsewhere.example.test/cb' },
        { code: 100, error_subcode: 36008 },
      ],
      [
        { ...good, code: 'AQnot-issued' },
        { code: 100, error_subcode: 36007 },
      ],
    ] as const) {
      const response = await exchange(params);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject(expected);
    }
    // None of the failures used the code up.
    expect((await exchange(good)).status).toBe(200);
  });

  it('when me/accounts gets no valid user token, or a wrong appsecret_proof, then 400', async () => {
    const bad = await fetch(`${base}/_meta/v21.0/me/accounts?access_token=EAAPAGE1demo`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(190);

    const code = await codeFromDialog();
    const { access_token: token } = (await (
      await exchange({ client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT, code })
    ).json()) as { access_token: string };
    const wrongProof = await fetch(`${base}/_meta/v21.0/me/accounts?access_token=${token}&appsecret_proof=00`);
    expect(wrongProof.status).toBe(400);
    const proof = createHmac('sha256', APP_SECRET).update(token).digest('hex');
    expect((await fetch(`${base}/_meta/v21.0/me/accounts?access_token=${token}&appsecret_proof=${proof}`)).status).toBe(
      200,
    );
  });
});

describe('the inbound simulator', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${base}/_dev/messenger${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('when a patient taps a quick reply, then a signed Meta-shaped webhook is delivered and the 24-hour window opens', async () => {
    received.length = 0;
    const response = await post('/inbound', { pageId: 'P1', psid: 'U1', quickReplyPayload: 'CONFIRM_APPOINTMENT:5' });
    expect(response.status).toBe(200);
    const { mid, status } = (await response.json()) as { mid: string; status: number };
    expect(status).toBe(200);
    expect(state.lastInbound.get(inboundKey('P1', 'U1'))).toEqual(NOW);
    expect(received).toHaveLength(1);
    const { raw, signature } = received[0]!;
    expect(signature).toBe(`sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`);
    expect(JSON.parse(raw)).toEqual({
      object: 'page',
      entry: [
        {
          id: 'P1',
          time: NOW.getTime(),
          messaging: [
            {
              sender: { id: 'U1' },
              recipient: { id: 'P1' },
              timestamp: NOW.getTime(),
              message: { mid, text: 'Confirm', quick_reply: { payload: 'CONFIRM_APPOINTMENT:5' } },
            },
          ],
        },
      ],
    });
  });

  it('when a postback is sent and then replayed, then the replay is the same bytes with the same signature', async () => {
    received.length = 0;
    const { mid } = (await (
      await post('/inbound', { pageId: 'P1', psid: 'U2', postbackPayload: 'CANCEL_APPOINTMENT:9' })
    ).json()) as {
      mid: string;
    };
    const replayed = await post('/inbound/replay', { mid });
    expect(await replayed.json()).toEqual({ mid, status: 200 });
    expect(received).toHaveLength(2);
    expect(received[1]).toEqual(received[0]);
    expect(JSON.parse(received[0]!.raw).entry[0].messaging[0].postback).toEqual({
      mid,
      title: 'Cancel',
      payload: 'CANCEL_APPOINTMENT:9',
    });
  });

  it('when each message is sent, then each gets a new mid', async () => {
    const first = (await (await post('/inbound', { pageId: 'P1', psid: 'U3', text: 'Hi' })).json()) as { mid: string };
    const second = (await (await post('/inbound', { pageId: 'P1', psid: 'U3', text: 'Hi' })).json()) as { mid: string };
    expect(first.mid).not.toBe(second.mid);
  });

  it('when the request is incomplete, unknown or not JSON, then a clear 4xx', async () => {
    expect(((await (await post('/inbound', { pageId: 'P1', psid: 'U1' })).json()) as { error: string }).error).toBe(
      'Give text, quickReplyPayload or postbackPayload.',
    );
    expect((await post('/inbound', { psid: 'U1', text: 'x' })).status).toBe(400);
    expect((await post('/inbound/replay', { mid: 'm_unknown' })).status).toBe(404);
    const malformed = await fetch(`${base}/_dev/messenger/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"pageId":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('when the webhook cannot be reached, then 502 with the delivery status 0', async () => {
    const realUrl = state.webhookUrl;
    state.webhookUrl = 'http://127.0.0.1:1/webhook';
    try {
      const response = await post('/inbound', { pageId: 'P1', psid: 'U4', text: 'Hi' });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        status: 0,
        error: expect.stringContaining('could not be reached'),
      });
    } finally {
      state.webhookUrl = realUrl;
    }
  });
});
