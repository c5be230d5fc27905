import { randomBytes } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import {
  inboundKey,
  STAND_IN_GRAPH_VERSION,
  type MetaStandInState,
  type RecordedQuickReply,
  type StandInPage,
} from './state.ts';

const WINDOW_MS = 24 * 60 * 60 * 1000;
const MESSAGING_TYPES = ['RESPONSE', 'UPDATE', 'MESSAGE_TAG', 'UTILITY'];

/** A Graph API error answer, shaped like Meta's. */
export function sendMetaError(res: Response, httpStatus: number, code: number, message: string, subcode?: number) {
  res.status(httpStatus).json({
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: `A${randomBytes(8).toString('base64url')}`,
    },
  });
}

class InvalidParameter extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max)
    throw new InvalidParameter(`(#100) ${name} must be a non-empty string of at most ${max} characters`);
  return value;
}

/** The message of a Send API body: plain text with quick replies, or our utility button template. */
function parseMessage(message: unknown): {
  kind: 'text' | 'template';
  text: string;
  quickReplies: RecordedQuickReply[];
} {
  if (!isRecord(message)) throw new InvalidParameter('(#100) The parameter message is required');
  if ('text' in message && 'attachment' in message)
    throw new InvalidParameter('(#100) Only one of text or attachment may be set');
  if ('text' in message) {
    const body = text(message.text, 'message.text', 2000);
    const replies = message.quick_replies ?? [];
    if (!Array.isArray(replies) || replies.length > 13)
      throw new InvalidParameter('(#100) message.quick_replies must be an array of at most 13 items');
    const quickReplies = replies.map((reply: unknown) => {
      if (!isRecord(reply) || reply.content_type !== 'text')
        throw new InvalidParameter('(#100) Only content_type text quick replies are supported');
      return {
        title: text(reply.title, 'quick_replies.title', 20),
        payload: text(reply.payload, 'quick_replies.payload', 1000),
      };
    });
    return { kind: 'text', text: body, quickReplies };
  }
  const attachment = message.attachment;
  if (!isRecord(attachment) || attachment.type !== 'template' || !isRecord(attachment.payload))
    throw new InvalidParameter('(#100) message must have text or a template attachment');
  const payload = attachment.payload;
  if (payload.template_type !== 'button') throw new InvalidParameter('(#100) Only the button template is supported');
  const body = text(payload.text, 'payload.text', 640);
  const buttons = payload.buttons ?? [];
  if (!Array.isArray(buttons) || buttons.length > 3)
    throw new InvalidParameter('(#100) payload.buttons must be an array of at most 3 buttons');
  const quickReplies = buttons.map((button: unknown) => {
    if (!isRecord(button) || button.type !== 'postback')
      throw new InvalidParameter('(#100) Only postback buttons are supported');
    return { title: text(button.title, 'buttons.title', 20), payload: text(button.payload, 'buttons.payload', 1000) };
  });
  return { kind: 'template', text: body, quickReplies };
}

/** Waits `ms` before answering, unless the caller hangs up first (a slow Meta the service gave up on). */
function answerLaterUnlessAbandoned(res: Response, ms: number): Promise<'answer' | 'abandoned'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve('answer');
    }, ms).unref();
    const onClose = () => {
      clearTimeout(timer);
      resolve('abandoned');
    };
    res.once('close', onClose);
  });
}

/**
 * The Graph API part of the Meta stand-in, mounted at /_meta: the Send API
 * (`/v21.0/me/messages`), `/v21.0/{page-id}/subscribed_apps`, and the demo pages' pictures.
 * It checks what Meta checks (page token, the 24-hour rule, the body's shape), applies the
 * simulated faults and rate limit, and records every accepted message.
 */
export function createSendApiRouter(state: MetaStandInState): Router {
  const router = Router();
  const recentSends: number[] = [];
  const graph = `/${STAND_IN_GRAPH_VERSION}`;
  const jsonBody = express.json({ limit: '100kb' });
  const pageByToken = (token: unknown): StandInPage | undefined =>
    typeof token === 'string' ? state.pages.find((page) => page.accessToken === token) : undefined;

  /** true when this call is over the simulated rate limit (calls per second, sliding window). */
  function overRateLimit(): boolean {
    const now = performance.now();
    while (recentSends.length > 0 && now - recentSends[0]! >= 1000) recentSends.shift();
    if (state.sendRateLimitPerSecond === null) return false;
    if (recentSends.length >= state.sendRateLimitPerSecond) return true;
    recentSends.push(now);
    return false;
  }

  /** Answers the next simulated fault, if any; resolves true when it answered. */
  async function applyFault(res: Response): Promise<boolean> {
    const fault = state.faults[0];
    if (!fault) return false;
    fault.remaining -= 1;
    if (fault.remaining <= 0) state.faults.shift();
    if (fault.delayMs && (await answerLaterUnlessAbandoned(res, fault.delayMs)) === 'abandoned') {
      state.abandonedCalls += 1;
      return true;
    }
    // A fault with a success status is only a delay: the call then goes on normally.
    if (fault.httpStatus < 400) return res.writableEnded;
    if (!res.writableEnded) sendMetaError(res, fault.httpStatus, fault.code, fault.message, fault.subcode);
    return true;
  }

  router.post(`${graph}/me/messages`, jsonBody, async (req: Request, res: Response) => {
    if (overRateLimit()) {
      sendMetaError(res, 400, 613, '(#613) Calls to this api have exceeded the rate limit.');
      return;
    }
    if (await applyFault(res)) return;
    const page = pageByToken(req.query.access_token ?? (isRecord(req.body) ? req.body.access_token : undefined));
    if (!page) {
      sendMetaError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return;
    }
    try {
      const body: unknown = req.body;
      if (!isRecord(body)) throw new InvalidParameter('(#100) The request body must be a JSON object');
      const recipientId = isRecord(body.recipient) ? text(body.recipient.id, 'recipient.id', 100) : undefined;
      if (!recipientId) throw new InvalidParameter('(#100) The parameter recipient is required');
      const messagingType = body.messaging_type;
      if (typeof messagingType !== 'string' || !MESSAGING_TYPES.includes(messagingType))
        throw new InvalidParameter(`(#100) Param messaging_type must be one of {${MESSAGING_TYPES.join(', ')}}`);
      if (messagingType === 'MESSAGE_TAG')
        throw new InvalidParameter('(#100) Invalid parameter: message tags for updates were retired on 2026-04-27');
      const message = parseMessage(body.message);
      if (messagingType === 'UTILITY' && message.kind !== 'template')
        throw new InvalidParameter('(#100) A UTILITY message must be a utility template');

      const now = state.now();
      const lastInbound = state.lastInbound.get(inboundKey(page.id, recipientId));
      const insideWindow = lastInbound !== undefined && now.getTime() - lastInbound.getTime() < WINDOW_MS;
      if (messagingType !== 'UTILITY' && !insideWindow) {
        sendMetaError(res, 400, 10, '(#10) This message is sent outside of allowed window.', 2018278);
        return;
      }
      const id = `m_${randomBytes(18).toString('base64url')}`;
      state.messages.push({
        id,
        pageId: page.id,
        recipientId,
        kind: message.kind,
        text: message.text,
        quickReplies: message.quickReplies,
        sentAt: now.toISOString(),
      });
      res.json({ recipient_id: recipientId, message_id: id });
    } catch (error) {
      if (!(error instanceof InvalidParameter)) throw error;
      sendMetaError(res, 400, 100, error.message);
    }
  });

  const subscribedApps = (req: Request, res: Response) => {
    const pageId = String(req.params.pageId);
    const token = req.query.access_token ?? (isRecord(req.body) ? req.body.access_token : undefined);
    const tokenPage = pageByToken(token);
    if (!tokenPage) {
      sendMetaError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return;
    }
    if (tokenPage.id !== pageId) {
      sendMetaError(res, 403, 200, '(#200) The page access token does not belong to this page');
      return;
    }
    if (req.method === 'POST') state.subscribedPages.add(pageId);
    if (req.method === 'DELETE') state.subscribedPages.delete(pageId);
    if (req.method === 'GET') {
      const subscribed = state.subscribedPages.has(pageId);
      res.json({
        data: subscribed
          ? [{ id: state.appId, name: 'Ngiti', subscribed_fields: ['messages', 'messaging_postbacks'] }]
          : [],
      });
      return;
    }
    res.json({ success: true });
  };
  router.get(`${graph}/:pageId/subscribed_apps`, subscribedApps);
  router.post(`${graph}/:pageId/subscribed_apps`, jsonBody, subscribedApps);
  router.delete(`${graph}/:pageId/subscribed_apps`, subscribedApps);

  router.get('/pictures/:file', (req: Request, res: Response) => {
    const page = state.pages.find((candidate) => candidate.pictureUrl.endsWith(`/${req.params.file}`));
    if (!page) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    const initials = page.name
      .split(/\s+/)
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
    res
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">` +
          `<rect width="100" height="100" rx="50" fill="#1877f2"/>` +
          `<text x="50" y="62" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`,
      );
  });

  // Malformed JSON and other body errors, answered the way the Graph API would.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = isRecord(error) ? error.type : undefined;
    if (type === 'entity.parse.failed' || type === 'entity.too.large') {
      sendMetaError(res, 400, 100, '(#100) The request body could not be parsed');
      return;
    }
    next(error);
  });
  return router;
}
