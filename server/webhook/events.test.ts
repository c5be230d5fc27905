import { describe, expect, it } from 'vitest';
import { eventKey, parseWebhookBody } from './events';

const RECEIVED_AT = new Date('2026-11-23T01:00:00.000Z');
const PAGE = '1000000000000001';
const SENT_AT_MS = Date.parse('2026-11-23T00:59:58.000Z');

const entry = (...messaging: unknown[]) => ({ object: 'page', entry: [{ id: PAGE, time: SENT_AT_MS, messaging }] });
const from = (psid: string, rest: Record<string, unknown>) => ({
  sender: { id: psid },
  recipient: { id: PAGE },
  timestamp: SENT_AT_MS,
  ...rest,
});

describe('parseWebhookBody', () => {
  it('when a person sends text, then it is a message event at Meta’s timestamp', () => {
    const raw = from('psid-1', { message: { mid: 'm_1', text: 'Hello' } });
    const parsed = parseWebhookBody(entry(raw), RECEIVED_AT);
    expect(parsed).toEqual({
      ok: true,
      ignored: 0,
      events: [
        {
          pageId: PAGE,
          psid: 'psid-1',
          sentAt: new Date(SENT_AT_MS),
          mid: 'm_1',
          kind: 'message',
          payload: null,
          text: 'Hello',
          raw,
        },
      ],
    });
  });

  it('when a person taps a quick reply, then its payload is read', () => {
    const parsed = parseWebhookBody(
      entry(
        from('psid-1', { message: { mid: 'm_2', text: 'Confirm', quick_reply: { payload: 'CONFIRM_APPOINTMENT:7' } } }),
      ),
      RECEIVED_AT,
    );
    expect(parsed.ok && parsed.events[0]).toMatchObject({
      kind: 'quick_reply',
      payload: 'CONFIRM_APPOINTMENT:7',
      text: null,
      mid: 'm_2',
    });
  });

  it('when a person taps a template button, then the postback payload is read', () => {
    const parsed = parseWebhookBody(
      entry(from('psid-1', { postback: { mid: 'm_3', title: 'Cancel', payload: 'CANCEL_APPOINTMENT:7' } })),
      RECEIVED_AT,
    );
    expect(parsed.ok && parsed.events[0]).toMatchObject({
      kind: 'postback',
      payload: 'CANCEL_APPOINTMENT:7',
      mid: 'm_3',
    });
  });

  it('when the page’s own message comes back as an echo, or a read receipt arrives, then it is ignored', () => {
    const parsed = parseWebhookBody(
      entry(
        from(PAGE, { message: { mid: 'm_4', text: 'Reminder', is_echo: true } }),
        from('psid-1', { read: { watermark: SENT_AT_MS } }),
      ),
      RECEIVED_AT,
    );
    expect(parsed).toEqual({ ok: true, events: [], ignored: 2 });
  });

  it('when one body holds several entries and events, then every event is kept in order', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: PAGE,
          messaging: [
            from('a', { message: { mid: 'm_a', text: '1' } }),
            from('b', { message: { mid: 'm_b', text: '2' } }),
          ],
        },
        { id: 2000, messaging: [from('c', { message: { mid: 'm_c', text: '3' } })] },
      ],
    };
    const parsed = parseWebhookBody(body, RECEIVED_AT);
    expect(parsed.ok && parsed.events.map((event) => [event.pageId, event.psid])).toEqual([
      [PAGE, 'a'],
      [PAGE, 'b'],
      ['2000', 'c'],
    ]);
  });

  it('when the timestamp is missing, then the time received stands in', () => {
    const parsed = parseWebhookBody(
      { object: 'page', entry: [{ id: PAGE, messaging: [{ sender: { id: 'x' }, message: { mid: 'm', text: 't' } }] }] },
      RECEIVED_AT,
    );
    expect(parsed.ok && parsed.events[0]?.sentAt).toEqual(RECEIVED_AT);
  });

  it('when the body is not an object or has no entry list, then it is refused', () => {
    expect(parseWebhookBody([], RECEIVED_AT)).toEqual({ ok: false, error: 'The webhook body must be a JSON object.' });
    expect(parseWebhookBody('page', RECEIVED_AT).ok).toBe(false);
    expect(parseWebhookBody({ object: 'page', entry: {} }, RECEIVED_AT)).toEqual({
      ok: false,
      error: 'The webhook body has no entry list.',
    });
  });

  it('when the object is not a page (e.g. instagram), then there is nothing to do', () => {
    expect(parseWebhookBody({ object: 'instagram', entry: [] }, RECEIVED_AT)).toEqual({
      ok: true,
      events: [],
      ignored: 0,
    });
  });

  it('when an event has no sender id, then it is ignored', () => {
    const parsed = parseWebhookBody(entry({ recipient: { id: PAGE }, message: { mid: 'm', text: 'x' } }), RECEIVED_AT);
    expect(parsed).toEqual({ ok: true, events: [], ignored: 1 });
  });
});

describe('eventKey', () => {
  it('when the event has a mid, then the mid is the key', () => {
    const parsed = parseWebhookBody(entry(from('p', { postback: { mid: 'm_9', payload: 'X' } })), RECEIVED_AT);
    expect(parsed.ok && eventKey(parsed.events[0]!)).toBe('m_9');
  });

  it('when a postback has no mid, then the same redelivered postback gets the same key', () => {
    const body = entry(from('p', { postback: { title: 'Confirm', payload: 'CONFIRM_APPOINTMENT:1' } }));
    const first = parseWebhookBody(body, RECEIVED_AT);
    const again = parseWebhookBody(structuredClone(body), new Date(RECEIVED_AT.getTime() + 60_000));
    expect(first.ok && again.ok && eventKey(first.events[0]!)).toBe(again.ok && eventKey(again.events[0]!));
    expect(first.ok && eventKey(first.events[0]!)).toBe(`postback:${PAGE}:p:${SENT_AT_MS}:CONFIRM_APPOINTMENT:1`);
  });
});
