import express, { Router, type Request, type Response } from 'express';
import { createStandInInboundRouter } from './inbound.ts';
import type { MetaStandInState, RecordedMessage, SimulatedFault } from './state.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Every recorded message, newest first, optionally of one recipient and/or page. */
export function listMessages(state: MetaStandInState, filter: { recipientId?: string; pageId?: string } = {}) {
  return state.messages
    .filter((message) => !filter.recipientId || message.recipientId === filter.recipientId)
    .filter((message) => !filter.pageId || message.pageId === filter.pageId)
    .slice()
    .reverse();
}

/** The inbox page's one inline style sheet (the gateway allows it by its hash in the page's CSP). */
export const INBOX_STYLE = `body{font:15px system-ui,sans-serif;max-width:820px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
article p{white-space:pre-wrap;margin:.5rem 0}small{color:#666;margin-left:.5rem}.kind{font-size:12px;border-radius:4px;padding:1px 6px;margin-left:.5rem;background:#e7f3ff;color:#1458b8}
.kind.template{background:#fff3e0;color:#8a4b00}.reply{display:inline-block;border:1px solid #1877f2;color:#1877f2;border-radius:14px;padding:2px 10px;margin-right:.25rem;font-size:13px}.warn{color:#8a4b00}`;

export function renderMessengerInbox(state: MetaStandInState, messages: RecordedMessage[]): string {
  const pageName = (id: string) => state.pages.find((page) => page.id === id)?.name ?? id;
  const rows = messages
    .map((message) => {
      const replies = message.quickReplies
        .map((reply) => `<span class="reply" title="${escapeHtml(reply.payload)}">${escapeHtml(reply.title)}</span>`)
        .join(' ');
      return `<article data-kind="${message.kind}">
  <header><strong>${escapeHtml(pageName(message.pageId))}</strong> → <code>${escapeHtml(message.recipientId)}</code>
    <span class="kind ${message.kind}">${message.kind === 'text' ? 'message' : 'utility template'}</span>
    <small><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt)}</time></small></header>
  <p>${escapeHtml(message.text)}</p>
  ${replies ? `<footer>${replies}</footer>` : ''}
</article>`;
    })
    .join('\n');
  const faults = state.faults.length
    ? `<p class="warn">Simulated faults queued: ${state.faults
        .map((fault) => `code ${fault.code}${fault.subcode ? `/${fault.subcode}` : ''} × ${fault.remaining}`)
        .join(', ')}</p>`
    : '';
  const limit =
    state.sendRateLimitPerSecond === null
      ? ''
      : `<p class="warn">Rate limit: ${state.sendRateLimitPerSecond} sends per second.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev Messenger inbox</title>
<meta http-equiv="refresh" content="5">
<style>${INBOX_STYLE}</style>
</head><body><h1>Dev Messenger inbox</h1>
<p>Every message the notification service sent through the local Meta stand-in, newest first (the patient's side). This page refreshes every 5 seconds; <a href="/_dev/messenger.json">JSON</a>.</p>
${faults}${limit}
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInteger = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function parseFault(body: unknown): SimulatedFault | string {
  if (!isRecord(body)) return 'Send a JSON object {httpStatus, code, subcode?, message, remaining, delayMs?}.';
  const { httpStatus, code, subcode, message, remaining, delayMs } = body;
  if (!isInteger(httpStatus, 100, 599)) return 'httpStatus must be an HTTP status (100-599).';
  if (!isInteger(code, 0, 1_000_000_000)) return 'code must be a whole number (Meta error code).';
  if (subcode !== undefined && subcode !== null && !isInteger(subcode, 0, 1_000_000_000))
    return 'subcode must be a whole number.';
  if (typeof message !== 'string' || message.length === 0 || message.length > 500)
    return 'message must be a non-empty string of at most 500 characters.';
  if (!isInteger(remaining, 1, 100_000)) return 'remaining must be a whole number from 1 to 100000.';
  if (delayMs !== undefined && delayMs !== null && !isInteger(delayMs, 0, 120_000))
    return 'delayMs must be a whole number of milliseconds up to 120000.';
  return {
    httpStatus,
    code,
    message,
    remaining,
    ...(typeof subcode === 'number' ? { subcode } : {}),
    ...(typeof delayMs === 'number' ? { delayMs } : {}),
  };
}

/**
 * The stand-in's dev pages, mounted at /_dev: GET /messenger (HTML inbox), GET /messenger.json
 * ({messages}, newest first; ?recipientId=&pageId= filter), POST/DELETE /messenger/faults,
 * POST /messenger/rate-limit {perSecond|null}, and the inbound simulator under /messenger.
 */
export function createStandInDevRouter(state: MetaStandInState): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });
  const filterOf = (req: Request) => ({
    ...(typeof req.query.recipientId === 'string' ? { recipientId: req.query.recipientId } : {}),
    ...(typeof req.query.pageId === 'string' ? { pageId: req.query.pageId } : {}),
  });

  router.get('/messenger.json', (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ messages: listMessages(state, filterOf(req)) });
  });
  router.get('/messenger', (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(renderMessengerInbox(state, listMessages(state, filterOf(req))));
  });
  router.post('/messenger/faults', json, (req: Request, res: Response) => {
    const fault = parseFault(req.body);
    if (typeof fault === 'string') {
      res.status(400).json({ error: fault });
      return;
    }
    state.faults.push(fault);
    res.status(201).json({ faults: state.faults });
  });
  router.delete('/messenger/faults', (_req: Request, res: Response) => {
    state.faults.length = 0;
    res.status(204).end();
  });
  router.post('/messenger/rate-limit', json, (req: Request, res: Response) => {
    const perSecond = isRecord(req.body) ? req.body.perSecond : undefined;
    if (perSecond !== null && !isInteger(perSecond, 1, 100_000)) {
      res.status(400).json({ error: 'perSecond must be a whole number from 1 to 100000, or null for no limit.' });
      return;
    }
    state.sendRateLimitPerSecond = perSecond;
    res.json({ perSecond });
  });
  router.use('/messenger', createStandInInboundRouter(state));
  router.use((error: unknown, _req: Request, res: Response, next: (error?: unknown) => void) => {
    if (isRecord(error) && error.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON body' });
      return;
    }
    next(error);
  });
  return router;
}
