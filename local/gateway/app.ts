import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { StackConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { createAuthRouter } from './auth/router.ts';
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

export async function createGateway(deps: GatewayDeps) {
  const { db, config, mailbox, logger } = deps;
  const schema = new SchemaCache(db);
  await schema.load();

  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const started = performance.now();
    res.on('finish', () =>
      logger.debug(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(performance.now() - started) },
        'request',
      ),
    );
    next();
  });
  app.set('query parser', 'extended');
  app.set('etag', false);

  // Functions answer CORS themselves (their preflight answer is 'ok'), as on Supabase.
  app.use(['/rest/v1', '/auth/v1'], supabaseCors);
  app.use('/rest/v1', createRestRouter({ db, config, schema, logger }));
  app.use('/auth/v1', createAuthRouter({ db, config, mailbox, logger }));
  app.use('/functions/v1', createFunctionsRouter({ config, logger }));

  app.get('/config.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ supabaseUrl: config.siteUrl, anonKey: config.anonKey, apiUrl: config.siteUrl });
  });
  // Dev pages show e-mails and messages meant for other people: never in production.
  if (!config.production) {
    app.get('/_dev/mail.json', (req, res) => {
      res.json(mailbox.list(typeof req.query.to === 'string' ? req.query.to : undefined));
    });
    app.get('/_dev/mail', (req, res) => {
      res
        .type('html')
        .send(renderMailboxPage(mailbox.list(typeof req.query.to === 'string' ? req.query.to : undefined)));
    });
  }

  deps.mount?.(app);

  const staticDir = deps.staticDir;
  if (staticDir && existsSync(path.join(staticDir, 'index.html'))) {
    app.use(express.static(staticDir, { index: false }));
    app.get('/{*path}', (_req, res) => res.sendFile(path.join(staticDir, 'index.html')));
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
  // Last resort: never a stack trace on the wire.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) return;
    res.status(500).json({ message: 'An unexpected error occurred' });
  });

  return { app, schema };
}
