/**
 * The Meta stand-in's patient side: a person writing to a clinic's page. Mounted at /_dev/messenger.
 *
 *   POST /inbound         {pageId, psid, text?, quickReplyPayload?, postbackPayload?, firstName?,
 *                         lastName?}: records the person's last message (opening the 24-hour
 *                         window) and their profile (the names given, else 'Demo Sender <last 4 of
 *                         psid>' the first time; the picture is served by the stand-in on the origin
 *                         this call came through), builds the webhook
 *                         body Meta would send (a new mid each time), signs it with the app secret
 *                         and POSTs it to the service's webhook. Answers {mid, status} of that delivery.
 *   POST /inbound/replay  {mid}: delivers an earlier event again, byte for byte (Meta's retries).
 */
import { createHmac, randomBytes } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { demoSenderName, inboundKey, type MetaStandInState } from './state.ts';

const DELIVERY_TIMEOUT_MS = 10_000;
/** How many delivered bodies are kept for replay. */
const REPLAY_MEMORY = 500;

const idField = z.string().trim().min(1).max(100);

const InboundRequest = z
  .object({
    pageId: idField,
    psid: idField,
    text: z.string().min(1).max(2000).optional(),
    quickReplyPayload: z.string().min(1).max(1000).optional(),
    postbackPayload: z.string().min(1).max(1000).optional(),
    /** The button's title (defaults to Confirm / Cancel from the payload). */
    title: z.string().min(1).max(100).optional(),
    /** The sender's profile names (User Profile API); default 'Demo' 'Sender <last 4 of psid>'. */
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
  })
  .refine(
    (body) => body.text !== undefined || body.quickReplyPayload !== undefined || body.postbackPayload !== undefined,
    {
      message: 'Give text, quickReplyPayload or postbackPayload.',
    },
  )
  .refine((body) => !(body.quickReplyPayload !== undefined && body.postbackPayload !== undefined), {
    message: 'A message is either a quick reply or a postback, not both.',
  });

const ReplayRequest = z.object({ mid: z.string().min(1).max(300) });

type InboundRequest = z.infer<typeof InboundRequest>;

export interface Delivery {
  mid: string;
  /** HTTP status the webhook answered; 0 when it could not be reached. */
  status: number;
  error?: string;
}

function newMid(): string {
  return `m_${randomBytes(18).toString('base64url')}`;
}

function titleFor(payload: string): string {
  if (payload.startsWith('CONFIRM')) return 'Confirm';
  if (payload.startsWith('CANCEL')) return 'Cancel';
  return payload.slice(0, 20);
}

/** The body Meta posts for one messaging event. */
export function webhookBodyFor(request: InboundRequest, mid: string, at: Date) {
  const timestamp = at.getTime();
  const base = { sender: { id: request.psid }, recipient: { id: request.pageId }, timestamp };
  let event: Record<string, unknown>;
  if (request.postbackPayload !== undefined) {
    event = {
      ...base,
      postback: { mid, title: request.title ?? titleFor(request.postbackPayload), payload: request.postbackPayload },
    };
  } else if (request.quickReplyPayload !== undefined) {
    event = {
      ...base,
      message: {
        mid,
        text: request.text ?? request.title ?? titleFor(request.quickReplyPayload),
        quick_reply: { payload: request.quickReplyPayload },
      },
    };
  } else {
    event = { ...base, message: { mid, text: request.text } };
  }
  return { object: 'page', entry: [{ id: request.pageId, time: timestamp, messaging: [event] }] };
}

function errorMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

export function createStandInInboundRouter(state: MetaStandInState): Router {
  const delivered = new Map<string, string>();

  async function deliver(mid: string, rawBody: string): Promise<Delivery> {
    const signature = `sha256=${createHmac('sha256', state.appSecret).update(rawBody).digest('hex')}`;
    try {
      const response = await fetch(state.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body: rawBody,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { mid, status: response.status };
    } catch (error) {
      return { mid, status: 0, error: `The webhook at ${state.webhookUrl} could not be reached: ${String(error)}` };
    }
  }

  function remember(mid: string, rawBody: string) {
    delivered.set(mid, rawBody);
    if (delivered.size > REPLAY_MEMORY) {
      const oldest = delivered.keys().next().value;
      if (oldest !== undefined) delivered.delete(oldest);
    }
  }

  /** Names given now win; a sender seen before keeps theirs; a new one gets the demo name. */
  function rememberProfile(key: string, request: InboundRequest, origin: string) {
    const known = state.profiles.get(key);
    const fallback = known ?? { ...demoSenderName(request.psid), origin };
    const given = request.firstName !== undefined || request.lastName !== undefined;
    state.profiles.set(key, {
      firstName: given ? (request.firstName ?? '') : fallback.firstName,
      lastName: given ? (request.lastName ?? '') : fallback.lastName,
      origin: known?.origin ?? origin,
    });
  }

  const router = Router();
  router.use(express.json({ limit: '64kb' }));

  router.post('/inbound', async (req, res) => {
    const parsed = InboundRequest.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: errorMessage(parsed.error) });
      return;
    }
    const at = state.now();
    const key = inboundKey(parsed.data.pageId, parsed.data.psid);
    state.lastInbound.set(key, at);
    rememberProfile(key, parsed.data, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
    const mid = newMid();
    const rawBody = JSON.stringify(webhookBodyFor(parsed.data, mid, at));
    remember(mid, rawBody);
    const delivery = await deliver(mid, rawBody);
    res.status(delivery.status === 0 ? 502 : 200).json(delivery);
  });

  router.post('/inbound/replay', async (req, res) => {
    const parsed = ReplayRequest.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: errorMessage(parsed.error) });
      return;
    }
    const rawBody = delivered.get(parsed.data.mid);
    if (rawBody === undefined) {
      res.status(404).json({ error: `No delivered event has mid ${parsed.data.mid}.` });
      return;
    }
    const delivery = await deliver(parsed.data.mid, rawBody);
    res.status(delivery.status === 0 ? 502 : 200).json(delivery);
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    if (res.headersSent || typeof status !== 'number' || status >= 500) {
      next(error);
      return;
    }
    res
      .status(status)
      .json({ error: status === 413 ? 'The request body is too large.' : 'The request body is not valid JSON.' });
  });

  return router;
}
