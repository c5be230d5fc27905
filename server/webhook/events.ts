/**
 * The Messenger webhook body (reference/meta-messenger.md, "Webhooks") turned into the events
 * the service acts on. Pure: `receivedAt` stands in for a missing timestamp.
 */

export type InboundKind = 'message' | 'quick_reply' | 'postback';

export interface InboundEvent {
  pageId: string;
  /** The sender's page-scoped id. */
  psid: string;
  /** When the person wrote (Meta's `timestamp`, ms since the epoch). */
  sentAt: Date;
  /** Meta's message id; postbacks of older API versions have none. */
  mid: string | null;
  kind: InboundKind;
  /** quick_reply.payload or postback.payload. */
  payload: string | null;
  /** What the person typed (a plain text message only; null for a tap, an attachment, a postback). */
  text: string | null;
  /** The messaging event as Meta sent it: what is kept when processing fails (dead letters). */
  raw: unknown;
}

export type ParsedWebhook = { ok: true; events: InboundEvent[]; ignored: number } | { ok: false; error: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Graph ids arrive as strings; tolerate numbers, refuse anything else. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '' && value.length <= 100) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return null;
}

function timeOf(value: unknown, fallback: Date): Date {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? new Date(value) : fallback;
}

const stringOrNull = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value !== '' && value.length <= max ? value : null;

function eventOf(pageId: string, raw: unknown, fallbackTime: Date): InboundEvent | null {
  if (!isObject(raw) || !isObject(raw.sender)) return null;
  const psid = idOf(raw.sender.id);
  if (!psid) return null;
  const sentAt = timeOf(raw.timestamp, fallbackTime);
  if (isObject(raw.message)) {
    const message = raw.message;
    // The page's own messages come back as echoes; they are not the patient writing.
    if (message.is_echo === true) return null;
    const quickReply = isObject(message.quick_reply) ? stringOrNull(message.quick_reply.payload, 1000) : null;
    return {
      pageId,
      psid,
      sentAt,
      mid: stringOrNull(message.mid, 300),
      kind: quickReply === null ? 'message' : 'quick_reply',
      payload: quickReply,
      text: quickReply === null && typeof message.text === 'string' && message.text !== '' ? message.text : null,
      raw,
    };
  }
  if (isObject(raw.postback)) {
    return {
      pageId,
      psid,
      sentAt,
      mid: stringOrNull(raw.postback.mid, 300),
      kind: 'postback',
      payload: stringOrNull(raw.postback.payload, 1000),
      text: null,
      raw,
    };
  }
  // Deliveries, reads, reactions, referrals…: nothing to do.
  return null;
}

export function parseWebhookBody(body: unknown, receivedAt: Date): ParsedWebhook {
  if (!isObject(body)) return { ok: false, error: 'The webhook body must be a JSON object.' };
  // Other objects (instagram, permissions…) are valid Meta calls this service does not use.
  if (body.object !== 'page') return { ok: true, events: [], ignored: 0 };
  if (!Array.isArray(body.entry)) return { ok: false, error: 'The webhook body has no entry list.' };
  const events: InboundEvent[] = [];
  let ignored = 0;
  for (const entry of body.entry) {
    const pageId = isObject(entry) ? idOf(entry.id) : null;
    const messaging = isObject(entry) && Array.isArray(entry.messaging) ? entry.messaging : [];
    if (!pageId) {
      ignored += messaging.length || 1;
      continue;
    }
    for (const raw of messaging) {
      const event = eventOf(pageId, raw, receivedAt);
      if (event) events.push(event);
      else ignored += 1;
    }
  }
  return { ok: true, events, ignored };
}

/**
 * The idempotency key of a reply: Meta's mid, or for a postback without one, what identifies it
 * (sender, time and payload are identical in every redelivery).
 */
export function eventKey(event: InboundEvent): string {
  return event.mid ?? `${event.kind}:${event.pageId}:${event.psid}:${event.sentAt.getTime()}:${event.payload ?? ''}`;
}
