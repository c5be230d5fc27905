/**
 * The Messenger webhook, mounted at /webhook before any JSON body parser: the signature is
 * computed over the raw bytes Meta sent.
 *
 *   GET  /webhook  subscription check: echoes hub.challenge when hub.verify_token matches.
 *   POST /webhook  events, only with a valid X-Hub-Signature-256; answered 200 at once and
 *                  processed after (processor.ts), in order.
 */
import { timingSafeEqual } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { RouterFactory } from '../contracts';
import { createGraphClient } from '../facebook/graph';
import { sendError } from '../http/errors';
import { parseWebhookBody } from './events';
import { createWebhookQueue } from './processor';
import { checkWebhookSignature, SIGNATURE_HEADER } from './signature';

/** Meta's bodies are a few kB; a batch of many events stays far below this. */
export const WEBHOOK_BODY_LIMIT = '256kb';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Query parameters exactly as sent (the app's query parser may treat dots in `hub.mode` specially). */
function rawQuery(req: Request): URLSearchParams {
  const at = req.originalUrl.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : req.originalUrl.slice(at + 1));
}

export const createWebhookRouter: RouterFactory = (deps) => {
  const logger = deps.logger.child({ component: 'webhook' });
  const graph = createGraphClient(deps.config);
  const queue = createWebhookQueue({ ...deps, logger, fetchProfile: (psid, token) => graph.userProfile(psid, token) });
  const router = Router();

  router.get('/', (req, res) => {
    const query = rawQuery(req);
    const token = query.get('hub.verify_token') ?? '';
    if (query.get('hub.mode') !== 'subscribe' || !sameSecret(token, deps.config.metaVerifyToken)) {
      logger.warn('webhook verification refused');
      sendError(res, 403, 'Webhook verification failed.');
      return;
    }
    const challenge = query.get('hub.challenge');
    if (!challenge || challenge.length > 1000) {
      sendError(res, 400, 'hub.challenge is missing.');
      return;
    }
    res.status(200).type('text/plain').send(challenge);
  });

  router.post('/', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = checkWebhookSignature(rawBody, req.headers[SIGNATURE_HEADER], deps.config.metaAppSecret);
    if (signature !== 'valid') {
      logger.warn({ signature }, 'webhook POST refused: bad signature');
      if (signature === 'missing') sendError(res, 401, 'Missing X-Hub-Signature-256.');
      else sendError(res, 403, 'Invalid X-Hub-Signature-256.');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      sendError(res, 400, 'The webhook body is not valid JSON.');
      return;
    }
    const parsed = parseWebhookBody(body, deps.clock.now());
    if (!parsed.ok) {
      sendError(res, 400, parsed.error);
      return;
    }
    res.status(200).type('text/plain').send('EVENT_RECEIVED');
    if (parsed.events.length > 0) void queue.enqueue(parsed.events);
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: unknown }).status;
    const type = (error as { type?: unknown }).type;
    if (res.headersSent || typeof status !== 'number') {
      next(error);
      return;
    }
    if (type === 'entity.too.large') sendError(res, 413, 'The webhook body is too large.');
    else if (status >= 400 && status < 500) sendError(res, status, 'The webhook body could not be read.');
    else next(error);
  });

  return router;
};

export { whenWebhookIdle } from './processor';
