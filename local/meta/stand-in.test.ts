/**
 * The Meta stand-in on its own (no database): what its Send API accepts and refuses the way Meta
 * does, subscribed_apps, and the dev endpoints that steer it (faults, rate limit, the inbox).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMetaStandIn, type MetaStandIn } from './stand-in.ts';
import { DEMO_PAGES, inboundKey } from './state.ts';

const NOW = new Date('2026-11-21T01:00:00Z');
const PAGE = DEMO_PAGES[0]!;
let standIn: MetaStandIn;
let server: Server;
let url: string;

beforeAll(async () => {
  standIn = createMetaStandIn({
    webhookUrl: 'http://127.0.0.1:9/webhook',
    appSecret: 'secret',
    appId: '42',
    now: () => NOW,
  });
  const app = express();
  app.use('/_meta', standIn.router);
  app.use('/_dev', standIn.devRouter);
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  standIn.state.messages.length = 0;
  standIn.state.faults.length = 0;
  standIn.state.lastInbound.clear();
  standIn.state.sendRateLimitPerSecond = null;
  standIn.state.abandonedCalls = 0;
});

const post = (path: string, body: unknown, raw?: string, signal?: AbortSignal) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ?? JSON.stringify(body),
    signal,
  });
const send = (body: unknown, token = PAGE.accessToken, signal?: AbortSignal) =>
  post(`/_meta/v21.0/me/messages?access_token=${token}`, body, undefined, signal);
const plain = (psid: string, text = 'Hello') => ({
  recipient: { id: psid },
  messaging_type: 'RESPONSE',
  message: { text },
});
const template = (psid: string) => ({
  recipient: { id: psid },
  messaging_type: 'UTILITY',
  message: {
    attachment: {
      type: 'template',
      payload: {
        template_type: 'button',
        text: 'Reminder',
        buttons: [{ type: 'postback', title: 'Confirm', payload: 'P' }],
      },
    },
  },
});

async function metaError(response: Response) {
  return ((await response.json()) as { error: { code: number; error_subcode?: number; type: string } }).error;
}

describe('the Send API', () => {
  it('when a page token is unknown, then 190', async () => {
    const response = await send(plain('1'), 'EAAnope');
    expect(response.status).toBe(400);
    expect(await metaError(response)).toMatchObject({ code: 190, type: 'OAuthException' });
  });

  it('when a plain message goes to someone who has not written in 24 hours, then 10/2018278; within 24 hours it is accepted', async () => {
    const outside = await send(plain('111'));
    expect(await metaError(outside)).toMatchObject({ code: 10, error_subcode: 2018278 });
    standIn.state.lastInbound.set(inboundKey(PAGE.id, '111'), new Date(NOW.getTime() - 23 * 3_600_000));
    const inside = await send(plain('111'));
    expect(inside.status).toBe(200);
    expect(await inside.json()).toEqual({ recipient_id: '111', message_id: expect.stringMatching(/^m_/) });
    expect(standIn.state.messages).toEqual([
      {
        id: expect.any(String),
        pageId: PAGE.id,
        recipientId: '111',
        kind: 'text',
        text: 'Hello',
        quickReplies: [],
        sentAt: NOW.toISOString(),
      },
    ]);
  });

  it('when the utility template is sent, then it is accepted at any time and recorded with its buttons', async () => {
    const response = await send(template('222'));
    expect(response.status).toBe(200);
    expect(standIn.state.messages[0]).toMatchObject({
      kind: 'template',
      text: 'Reminder',
      quickReplies: [{ title: 'Confirm', payload: 'P' }],
    });
  });

  it.each([
    ['a message tag (retired)', { ...plain('1'), messaging_type: 'MESSAGE_TAG', tag: 'CONFIRMED_EVENT_UPDATE' }],
    ['UTILITY with plain text', { ...plain('1'), messaging_type: 'UTILITY' }],
    ['no recipient', { messaging_type: 'RESPONSE', message: { text: 'x' } }],
    ['an unknown messaging_type', { ...plain('1'), messaging_type: 'PUSH' }],
    ['text over 2000 characters', plain('1', 'x'.repeat(2001))],
    [
      'a quick reply title over 20 characters',
      {
        ...plain('1'),
        message: { text: 'x', quick_replies: [{ content_type: 'text', title: 'x'.repeat(21), payload: 'p' }] },
      },
    ],
    [
      'four template buttons',
      (() => {
        const body = template('1');
        const button = body.message.attachment.payload.buttons[0]!;
        body.message.attachment.payload.buttons = [button, button, button, button];
        return body;
      })(),
    ],
  ])('when the body has %s, then 100 (invalid parameter)', async (_name, body) => {
    standIn.state.lastInbound.set(inboundKey(PAGE.id, '1'), NOW);
    const response = await send(body);
    expect(response.status).toBe(400);
    expect((await metaError(response)).code).toBe(100);
    expect(standIn.state.messages).toEqual([]);
  });

  it('when a fault is queued, then the next calls answer it until it is used up', async () => {
    const queued = await post('/_dev/messenger/faults', {
      httpStatus: 400,
      code: 551,
      message: 'unavailable',
      remaining: 2,
    });
    expect(queued.status).toBe(201);
    expect((await metaError(await send(template('3')))).code).toBe(551);
    expect((await metaError(await send(template('3')))).code).toBe(551);
    expect((await send(template('3'))).status).toBe(200);
  });

  it('when a slow fault holds the answer, then a caller who waits gets it and one who hangs up is counted', async () => {
    standIn.state.faults.push({ httpStatus: 500, code: 2, message: 'slow', remaining: 2, delayMs: 1 });
    expect((await metaError(await send(template('5')))).code).toBe(2);
    expect(standIn.state.abandonedCalls).toBe(0);
    standIn.state.faults[0]!.delayMs = 120_000;
    const hangingUp = new AbortController();
    const call = send(template('5'), PAGE.accessToken, hangingUp.signal).catch((error: unknown) => error);
    await expect.poll(() => standIn.state.faults).toEqual([]);
    hangingUp.abort();
    expect(await call).toMatchObject({ name: 'AbortError' });
    await expect.poll(() => standIn.state.abandonedCalls).toBe(1);
    expect(standIn.state.messages).toEqual([]);
  });

  it('when a rate limit is set, then calls beyond it within a second get 613', async () => {
    expect((await post('/_dev/messenger/rate-limit', { perSecond: 2 })).status).toBe(200);
    const statuses = [];
    for (let call = 0; call < 3; call += 1) statuses.push((await send(template('4'))).status);
    expect(statuses).toEqual([200, 200, 400]);
    expect((await metaError(await send(template('4')))).code).toBe(613);
    expect((await post('/_dev/messenger/rate-limit', { perSecond: null })).status).toBe(200);
    expect(standIn.state.sendRateLimitPerSecond).toBeNull();
  });
});

describe('subscribed_apps', () => {
  it('subscribes a page with its own token only', async () => {
    const other = DEMO_PAGES[1]!;
    const wrongPage = await post(`/_meta/v21.0/${PAGE.id}/subscribed_apps?access_token=${other.accessToken}`, {});
    expect((await metaError(wrongPage)).code).toBe(200);
    const ok = await post(
      `/_meta/v21.0/${PAGE.id}/subscribed_apps?subscribed_fields=messages,messaging_postbacks&access_token=${PAGE.accessToken}`,
      {},
    );
    expect(await ok.json()).toEqual({ success: true });
    expect(standIn.state.subscribedPages.has(PAGE.id)).toBe(true);
    const listed = await fetch(`${url}/_meta/v21.0/${PAGE.id}/subscribed_apps?access_token=${PAGE.accessToken}`);
    expect(await listed.json()).toEqual({
      data: [{ id: '42', name: 'Ngiti', subscribed_fields: ['messages', 'messaging_postbacks'] }],
    });
  });

  it("serves the demo pages' pictures", async () => {
    const response = await fetch(`${url}${PAGE.pictureUrl}`);
    expect(response.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(await response.text()).toContain('>SD<');
  });
});

describe('dev endpoints', () => {
  it('when a fault or rate limit is malformed, then 400 with {error} and nothing changes', async () => {
    for (const body of [
      {},
      { httpStatus: 99, code: 1, message: 'x', remaining: 1 },
      { httpStatus: 400, code: 1, message: '', remaining: 1 },
      { httpStatus: 400, code: 1, message: 'x', remaining: 0 },
      { httpStatus: 400, code: 1, message: 'x', remaining: 1, delayMs: -1 },
    ]) {
      const response = await post('/_dev/messenger/faults', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    const malformed = await post('/_dev/messenger/faults', undefined, '{oops');
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });
    expect((await post('/_dev/messenger/rate-limit', { perSecond: 0 })).status).toBe(400);
    expect(standIn.state.faults).toEqual([]);
    expect(standIn.state.sendRateLimitPerSecond).toBeNull();
  });

  it('clears queued faults on DELETE', async () => {
    await post('/_dev/messenger/faults', { httpStatus: 500, code: 2, message: 'down', remaining: 5 });
    expect((await fetch(`${url}/_dev/messenger/faults`, { method: 'DELETE' })).status).toBe(204);
    expect(standIn.state.faults).toEqual([]);
  });

  it('lists messages newest first, filtered by recipient', async () => {
    await send(template('555'));
    await send(template('666'));
    await send(template('555'));
    const all = (await (await fetch(`${url}/_dev/messenger.json`)).json()) as {
      messages: Array<{ recipientId: string }>;
    };
    expect(all.messages.map((message) => message.recipientId)).toEqual(['555', '666', '555']);
    expect(all.messages[0]).toEqual(standIn.state.messages[2]);
    const one = (await (await fetch(`${url}/_dev/messenger.json?recipientId=666`)).json()) as { messages: unknown[] };
    expect(one.messages).toHaveLength(1);
  });
});
