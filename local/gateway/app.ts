import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import { SERVICE_PATHS } from '../../server/app.ts';
import { withAuditDoor } from '../../server/audit-door.ts';
import { SECURITY_HEADERS } from '../../server/http/security-headers.ts';
import { ownOrigins, type StackConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { INBOX_STYLE } from '../meta/dev-pages.ts';
import { STYLE as DIALOG_STYLE } from '../meta/oauth-html.ts';
import { AuthError, sendAuthError } from './auth/errors.ts';
import { createAuthRouter } from './auth/router.ts';
import { preferredEncoding, type Encoding } from './encoding.ts';
import { createFunctionsRouter } from './functions/router.ts';
import { renderMailboxPage } from './mailbox-page.ts';
import type { DevMailbox } from './mailbox.ts';
import { createRestRouter } from './rest/router.ts';
import { SchemaCache } from './rest/schema-cache.ts';

export interface GatewayDeps {
  db: Database;
  config: StackConfig;
  mailbox: DevMailbox;
  logger: Logger;
  /** The built SPA, served on the same origin when present. */
  staticDir?: string;
  /** Extra routes mounted before the SPA fallback (the notification service, the Meta stand-in). */
  mount?: (app: express.Express) => void;
}

const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-retry-count',
  'x-supabase-api-version',
].join(', ');
const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Content-Type',
  'Location',
  'Range-Unit',
  'X-Supabase-Api-Version',
].join(', ');

/** CORS as Supabase's API gateway answers it: any origin, the client's headers allowed and exposed. */
function supabaseCors(req: Request, res: Response, next: NextFunction) {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(200).end();
    return;
  }
  next();
}

export { SECURITY_HEADERS };

/** The URLs the SPA is told to call (`/config.json`): the Supabase API and the notification service. */
function publicUrls(config: StackConfig) {
  return { supabaseUrl: config.siteUrl, apiUrl: config.siteUrl };
}

/** Where Facebook serves page pictures (`picture.data.url`) and Messenger profile pictures. */
export const FACEBOOK_IMAGE_SOURCES = ['https://*.fbcdn.net', 'https://platform-lookaside.fbsbx.com'] as const;

/**
 * The SPA's policy: its own scripts and styles only (the build emits no inline ones), images
 * from itself, `data:` and Facebook's picture hosts (page avatars and Messenger profile pictures
 * come from Facebook's CDN in production; the local stand-in's from the stack itself), and requests
 * to itself plus the Supabase and service origins of /config.json, over HTTP and their WebSocket
 * (realtime, socket.io) equivalents.
 */
export function spaContentSecurityPolicy(config: StackConfig): string {
  const origins = new Set<string>();
  for (const url of Object.values(publicUrls(config))) {
    if (!URL.canParse(url)) continue;
    const origin = new URL(url).origin;
    origins.add(origin);
    origins.add(origin.replace(/^http/, 'ws'));
  }
  // The Meta stand-in's page pictures carry the address the service called it at (the stack's
  // internal loopback name), which may be another loopback name than the page's: the same stack.
  // CSP host sources cannot name an IPv6 literal ([::1]); Chromium reports it as invalid.
  const ownImageOrigins = config.production
    ? []
    : ownOrigins(config.siteUrl)
        .slice(1)
        .filter((origin) => !new URL(origin).hostname.startsWith('['));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ['img-src', "'self'", 'data:', ...ownImageOrigins, ...FACEBOOK_IMAGE_SOURCES].join(' '),
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self'${[...origins].map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A server-rendered page's policy: nothing but its own images, links and the given style sources. */
function pageContentSecurityPolicy(styleSources: string[]): string {
  return [
    "default-src 'none'",
    "img-src 'self' data:",
    `style-src ${styleSources.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

function headerContentType(headers: unknown): string | undefined {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return undefined;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
  return entry ? String(entry[1]) : undefined;
}

/**
 * Puts SECURITY_HEADERS on every answer, whoever writes it (the gateway, the mounted service and
 * its helmet, the Meta stand-in, express.static), at the moment the head is written; HTML
 * without a policy of its own gets the SPA's.
 */
function securityHeaders(config: StackConfig) {
  // The configuration is fixed for the stack's life: build the SPA's policy once, not per page.
  const spaPolicy = spaContentSecurityPolicy(config);
  return (_req: Request, res: Response, next: NextFunction) => {
    const writeHead = res.writeHead as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      const type =
        headerContentType(args[1]) ?? headerContentType(args[2]) ?? String(res.getHeader('content-type') ?? '');
      if (/^\s*text\/html\b/i.test(type) && !res.hasHeader('content-security-policy')) {
        res.setHeader('Content-Security-Policy', spaPolicy);
      }
      return writeHead.apply(res, args);
    }) as Response['writeHead'];
    next();
  };
}

/** Whether the raw path has a `%` sequence that does not decode (Express would throw a URIError on it). */
function hasBadPercentEncoding(rawPath: string): boolean {
  if (!rawPath.includes('%')) return false;
  try {
    decodeURIComponent(rawPath);
    return false;
  } catch {
    return true;
  }
}

/** A 4xx status carried by an error (http-errors, Express's URIError on a bad path parameter). */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
  return value !== undefined && value >= 400 && value < 500 ? value : undefined;
}

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** An error answer in the shape of whoever owns the path (PostgREST, GoTrue, the functions platform, the service). */
function sendErrorFor(req: Request, res: Response, status: number, message: string) {
  const path = (req.originalUrl.split('?')[0] ?? '').toLowerCase();
  if (underPrefix(path, '/rest/v1')) {
    res.status(status).json({ code: status >= 500 ? 'PGRST000' : 'PGRST100', message, details: null, hint: null });
  } else if (underPrefix(path, '/auth/v1')) {
    sendAuthError(
      req,
      res,
      new AuthError(
        status,
        status >= 500 ? 'unexpected_failure' : status === 404 ? 'not_found' : 'validation_failed',
        message,
      ),
    );
  } else if (underPrefix(path, '/functions/v1')) {
    const code = status === 404 ? 'NOT_FOUND' : status >= 500 ? 'WORKER_ERROR' : status;
    res.status(status).json({ code, message });
  } else if (SERVICE_PATHS.some((prefix) => underPrefix(path, prefix))) {
    res.status(status).json({ error: message });
  } else {
    res.status(status).json({ message });
  }
}

const BAD_ENCODING_MESSAGE = 'The request path has an invalid percent-encoding';

/** The longest path and query hosted Supabase's proxy takes (its 8 KB request-line buffer, less the method and version). */
export const HOSTED_MAX_URL_BYTES = 8_000;

/**
 * A request path as the log records it: a Graph API id (the stand-in's User Profile path holds a
 * patient's page-scoped Messenger id) or an avatar's psid becomes ':id'.
 */
export function loggedPath(path: string): string {
  return path
    .replace(/\/(v\d+\.\d+)\/[^/]*\d[^/]*/, '/$1/:id')
    .replace(/^\/_meta\/avatars\/[^/]+$/, '/_meta/avatars/:id');
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Vite's hashed build output: a new build writes new names, so a copy never goes stale. */
const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The page and the unhashed files (favicon, sounds): kept, but checked with the server on every use. */
const PAGE_CACHE = 'no-cache';
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt)$/i;
/** Files above this are sent as they are (the build has none; it bounds the memory kept below). */
const MAX_COMPRESSED_FILE = 4 * 1024 * 1024;
const MAX_COMPRESSED_ENTRIES = 1000;

/**
 * The built SPA: express.static, plus cache headers (hashed /assets/ kept for a year, everything
 * else revalidated) and compression of text files (brotli or gzip, as the browser accepts). A file
 * is compressed once, on its first request, and kept in memory with its modification time (the
 * build directory is a few hundred KB of text; entries and file size are bounded).
 */
function staticFiles(staticDir: string) {
  const root = path.resolve(staticDir);
  const serve = express.static(root, {
    index: false,
    setHeaders: (res, file) =>
      res.setHeader('Cache-Control', file.startsWith(path.join(root, 'assets') + path.sep) ? ASSET_CACHE : PAGE_CACHE),
  });
  const compressed = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();
  const compress = (file: string, mtimeMs: number, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${file}`;
    const cached = compressed.get(key);
    if (cached && cached.mtimeMs === mtimeMs) return cached.body;
    const body = readFile(file).then((raw) =>
      encoding === 'br'
        ? brotli(raw, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : gzip(raw),
    );
    if (compressed.size >= MAX_COMPRESSED_ENTRIES) compressed.delete(compressed.keys().next().value!);
    compressed.set(key, { mtimeMs, body });
    body.catch(() => compressed.delete(key));
    return body;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !encoding || !COMPRESSIBLE.test(req.path)) {
      serve(req, res, next);
      return;
    }
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      next();
      return;
    }
    if (!file.startsWith(root + path.sep) || file.split(path.sep).some((part) => part.startsWith('.'))) {
      serve(req, res, next);
      return;
    }
    try {
      const stats = await stat(file);
      if (!stats.isFile() || stats.size > MAX_COMPRESSED_FILE) {
        serve(req, res, next);
        return;
      }
      const body = await compress(file, stats.mtimeMs, encoding);
      res.setHeader('Cache-Control', file.startsWith(path.join(root, 'assets') + path.sep) ? ASSET_CACHE : PAGE_CACHE);
      res.setHeader('Last-Modified', stats.mtime.toUTCString());
      res.setHeader('Vary', 'Accept-Encoding');
      res.type(path.extname(file));
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.status(200).end(req.method === 'HEAD' ? undefined : body);
    } catch {
      // Not there (or unreadable): express.static answers it, or the SPA fallback does.
      serve(req, res, next);
    }
  };
}

export async function createGateway(deps: GatewayDeps) {
  const { db, config, mailbox, logger } = deps;
  const schema = new SchemaCache(db);
  await schema.load();

  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders(config));
  app.use((req, res, next) => {
    const started = performance.now();
    res.on('finish', () =>
      logger.debug(
        {
          method: req.method,
          path: loggedPath(req.originalUrl.split('?')[0]!),
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        'request',
      ),
    );
    next();
  });
  app.set('query parser', 'extended');
  app.set('etag', false);
  // A path that does not decode is a bad request for every route (theirs would throw a URIError).
  app.use((req, res, next) => {
    const rawPath = req.originalUrl.split('?')[0] ?? '';
    if (hasBadPercentEncoding(rawPath)) sendErrorFor(req, res, 400, BAD_ENCODING_MESSAGE);
    else next();
  });

  // Hosted Supabase's proxy refuses a request line that does not fit its 8 KB buffer with 414 and
  // a plain "URI too long", before PostgREST, GoTrue or a function sees it; the local stack would
  // take up to Node's 16 KB of headers. Refused here too, so a read or write whose filter grows
  // with what was typed fails locally as it would there (send such data in a body: an rpc).
  app.use(['/rest/v1', '/auth/v1', '/functions/v1'], (req, res, next) => {
    if (Buffer.byteLength(req.originalUrl) > HOSTED_MAX_URL_BYTES)
      res.status(414).type('text/plain').send('URI too long\n');
    else next();
  });

  // Functions answer CORS themselves (their preflight answer is 'ok'), as on Supabase.
  app.use(['/rest/v1', '/auth/v1'], supabaseCors);
  app.use('/rest/v1', createRestRouter({ db, config, schema, logger }));
  // The auth server's own writes (an account's removal takes its profile with it) are a service's.
  app.use('/auth/v1', createAuthRouter({ db: withAuditDoor(db, 'service'), config, mailbox, logger }));
  // GoTrue's answer to a path it has no route for (not the SPA's page).
  app.use('/auth/v1', (req, res) => sendAuthError(req, res, new AuthError(404, 'not_found', 'Not found')));
  app.use('/functions/v1', createFunctionsRouter({ config, logger }));
  app.use('/functions/v1', (req, res) => sendErrorFor(req, res, 404, 'Requested function was not found'));

  app.get('/config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { supabaseUrl, apiUrl } = publicUrls(config);
    res.json({ supabaseUrl, anonKey: config.anonKey, apiUrl });
  });
  // Dev pages show e-mails and messages meant for other people: never in production.
  if (!config.production) {
    app.get('/_dev/mail.json', (req, res) => {
      res.json(mailbox.list(typeof req.query.to === 'string' ? req.query.to : undefined));
    });
    app.get('/_dev/mail', (req, res) => {
      const nonce = randomBytes(16).toString('base64');
      res.setHeader('Content-Security-Policy', pageContentSecurityPolicy([`'nonce-${nonce}'`]));
      res
        .type('html')
        .send(renderMailboxPage(mailbox.list(typeof req.query.to === 'string' ? req.query.to : undefined), nonce));
    });
  }
  // The Meta stand-in's HTML pages (dialog, Messenger inbox) each have one constant inline style sheet.
  const dialogPolicy = pageContentSecurityPolicy([styleHash(DIALOG_STYLE)]);
  const inboxPolicy = pageContentSecurityPolicy([styleHash(INBOX_STYLE)]);
  app.use('/_meta/dialog', (_req, res, next) => {
    res.setHeader('Content-Security-Policy', dialogPolicy);
    next();
  });
  app.get('/_dev/messenger', (_req, res, next) => {
    res.setHeader('Content-Security-Policy', inboxPolicy);
    next();
  });

  deps.mount?.(app);

  const staticDir = deps.staticDir;
  if (staticDir && existsSync(path.join(staticDir, 'index.html'))) {
    app.use(staticFiles(staticDir));
    // Every other page is the SPA's (its router shows its own "not found"); no path parameter to decode.
    app.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      res.sendFile(path.join(staticDir, 'index.html'), { headers: { 'Cache-Control': PAGE_CACHE } });
    });
  } else {
    app.get('/', (_req, res) => {
      res
        .type('html')
        .send(
          '<!doctype html><title>Ngiti local stack</title><h1>Ngiti local stack</h1>' +
            '<p>The API is running: <code>/rest/v1</code>, <code>/auth/v1</code>, <code>/functions/v1</code>. ' +
            'The web app has not been built into <code>dist/</code> yet.</p><p><a href="/_dev/mail">Dev mailbox</a></p>',
        );
    });
  }

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ message: 'no Route matched with those values' });
  });
  // Last resort: never a stack trace on the wire; a client's mistake (a bad path, an unreadable body) is a 4xx.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status === undefined) logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === undefined) sendErrorFor(req, res, 500, 'An unexpected error occurred');
    else sendErrorFor(req, res, status, error instanceof URIError ? BAD_ENCODING_MESSAGE : 'Bad request');
  });

  return { app, schema };
}
