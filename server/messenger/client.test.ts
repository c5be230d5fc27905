/**
 * The Send API client against the local Meta stand-in's Graph API (local/meta/send-api.ts) served
 * on a free port: the request shapes it sends, the 24-hour rule's paths, and failures as staff
 * see them. The contact table is a fake answering from a map; the clock is fixed.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSendApiRouter } from '../../local/meta/send-api.ts';
import { createStandInState, inboundKey, type MetaStandInState } from '../../local/meta/state.ts';
import { reminderQuickReplies, type OutgoingMessage, type SqlClient } from '../contracts';
import { createMessengerClient } from './client';
import { MESSENGER_ERRORS } from './errors';

const NOW = new Date('2026-11-21T01:00:00Z');
const HOUR = 3_600_000;
const PAGE = { id: '1000000000000001', token: 'EAAPAGE1demo' };

let server: Server;
let graphUrl: string;
let state: MetaStandInState;
const contacts = new Map<string, Date>();
let contactsFail = false;
const requests: unknown[] = [];

const contactTable: SqlClient = {
  async query<Row>(_sql: string, params: unknown[] = []) {
    if (contactsFail) throw new Error('relation "messenger_contacts" does not exist');
    const last = contacts.get(`${params[0]}:${params[1]}`);
    return { rows: (last ? [{ last_inbound_at: last }] : []) as Row[], affectedRows: 0 };
  },
};

const client = (timeoutMs = 2000, url = graphUrl) =>
  createMessengerClient({
    graphUrl: url,
    timeoutMs,
    db: contactTable,
    clock: { now: () => NOW },
    logger: pino({ level: 'silent' }),
  });

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  pageId: PAGE.id,
  pageAccessToken: PAGE.token,
  recipientId: '2400000000000001',
  text: 'Your appointment is tomorrow.',
  quickReplies: reminderQuickReplies(42),
  kind: 'reminder',
  ...overrides,
});

/** The person wrote `agoMs` before NOW: the service's table and Meta's memory agree. */
function wrote(psid: string, agoMs: number, where: { service?: boolean; meta?: boolean } = {}) {
  const at = new Date(NOW.getTime() - agoMs);
  if (where.service ?? true) contacts.set(`${PAGE.id}:${psid}`, at);
  if (where.meta ?? true) state.lastInbound.set(inboundKey(PAGE.id, psid), at);
}

beforeAll(async () => {
  state = createStandInState({ webhookUrl: 'http://127.0.0.1:9/webhook', appSecret: 's', appId: '1', now: () => NOW });
  const app = express();
  // Records each request body as Meta receives it (the stand-in reuses the parsed body).
  app.use(express.json(), (req, _res, next) => {
    requests.push(req.body);
    next();
  });
  app.use('/_meta', createSendApiRouter(state));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  graphUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_meta/v21.0`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  state.messages.length = 0;
  state.faults.length = 0;
  state.lastInbound.clear();
  state.sendRateLimitPerSecond = null;
  contacts.clear();
  contactsFail = false;
  requests.length = 0;
});

describe('inside the 24-hour window', () => {
  it('when the person wrote an hour ago, then a plain RESPONSE message with quick replies is sent', async () => {
    wrote('2400000000000001', HOUR);
    const result = await client().send(message());
    expect(result).toEqual({ ok: true, messageId: expect.stringMatching(/^m_/), via: 'message' });
    expect(requests).toEqual([
      {
        recipient: { id: '2400000000000001' },
        messaging_type: 'RESPONSE',
        message: {
          text: 'Your appointment is tomorrow.',
          quick_replies: [
            { content_type: 'text', title: 'Confirm', payload: 'CONFIRM_APPOINTMENT:42' },
            { content_type: 'text', title: 'Cancel', payload: 'CANCEL_APPOINTMENT:42' },
          ],
        },
      },
    ]);
    expect(state.messages).toEqual([
      expect.objectContaining({ kind: 'text', recipientId: '2400000000000001', pageId: PAGE.id }),
    ]);
  });

  it('when Meta says the window closed after all, then the template is sent instead', async () => {
    wrote('2400000000000001', HOUR, { meta: false });
    const result = await client().send(message());
    expect(result).toMatchObject({ ok: true, via: 'template' });
    expect(requests.map((body) => (body as { messaging_type: string }).messaging_type)).toEqual([
      'RESPONSE',
      'UTILITY',
    ]);
  });
});

describe('outside the 24-hour window', () => {
  it('when the person wrote 25 hours ago or never, then a UTILITY button template is sent', async () => {
    wrote('2400000000000001', 25 * HOUR);
    const result = await client().send(message());
    expect(result).toMatchObject({ ok: true, via: 'template' });
    expect(requests).toEqual([
      {
        recipient: { id: '2400000000000001' },
        messaging_type: 'UTILITY',
        message: {
          attachment: {
            type: 'template',
            payload: {
              template_type: 'button',
              text: 'Your appointment is tomorrow.',
              buttons: [
                { type: 'postback', title: 'Confirm', payload: 'CONFIRM_APPOINTMENT:42' },
                { type: 'postback', title: 'Cancel', payload: 'CANCEL_APPOINTMENT:42' },
              ],
            },
          },
        },
      },
    ]);
    expect(state.messages[0]).toMatchObject({
      kind: 'template',
      quickReplies: [
        { title: 'Confirm', payload: 'CONFIRM_APPOINTMENT:42' },
        { title: 'Cancel', payload: 'CANCEL_APPOINTMENT:42' },
      ],
    });
  });

  it('when the text is longer than a template allows, then it is cut to 640 characters', async () => {
    const result = await client().send(message({ text: 'a'.repeat(1000), quickReplies: [] }));
    expect(result).toMatchObject({ ok: true, via: 'template' });
    expect(state.messages[0]!.text).toHaveLength(640);
    expect(state.messages[0]!.text.endsWith('…')).toBe(true);
  });

  it('when the contact table cannot be read, then the template is sent (it cannot break the rule)', async () => {
    contactsFail = true;
    expect(await client().send(message())).toMatchObject({ ok: true, via: 'template' });
  });
});

describe('failures', () => {
  it('when the page token is unknown to Meta, then the staff are told to reconnect the page', async () => {
    const result = await client().send(message({ pageAccessToken: 'EAAexpired' }));
    expect(result).toEqual({ ok: false, error: MESSENGER_ERRORS.token, transient: false, metaCode: 190 });
  });

  it('when the stand-in rate limit is exceeded, then the error is transient', async () => {
    state.sendRateLimitPerSecond = 1;
    const first = await client().send(message());
    const second = await client().send(message());
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, error: MESSENGER_ERRORS.rateLimited, transient: true, metaCode: 613 });
  });

  it('when Meta does not answer in time, then the send gives up after the timeout, transient', async () => {
    // The stand-in would answer only after two minutes, far beyond the test's own time limit.
    state.faults.push({ httpStatus: 500, code: 2, message: 'slow', remaining: 1, delayMs: 120_000 });
    const abandonedBefore = state.abandonedCalls;
    const result = await client(300).send(message());
    expect(result).toEqual({ ok: false, error: MESSENGER_ERRORS.unreachable, transient: true });
    // It hung up on the stand-in rather than waiting for its answer.
    await expect.poll(() => state.abandonedCalls).toBe(abandonedBefore + 1);
  });

  it('when nothing listens at the Graph URL, then the send fails without throwing', async () => {
    const result = await client(1000, 'http://127.0.0.1:9/v21.0').send(message());
    expect(result).toEqual({ ok: false, error: MESSENGER_ERRORS.unreachable, transient: true });
  });

  it('when a plain send is refused for another reason, then there is no template retry', async () => {
    wrote('2400000000000001', HOUR);
    state.faults.push({ httpStatus: 400, code: 551, message: "This person isn't available right now.", remaining: 1 });
    const result = await client().send(message());
    expect(result).toEqual({ ok: false, error: MESSENGER_ERRORS.unavailable, transient: false, metaCode: 551 });
    expect(requests).toHaveLength(1);
  });
});
