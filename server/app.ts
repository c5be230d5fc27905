import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createManualReminderRouter } from './appointments/manual-reminder-route';
import { createStatusNotificationRouter } from './appointments/status-notification-route';
import { DEFAULT_RATE_LIMITS } from './config';
import type { ServiceDeps } from './contracts';
import { createExportRouter } from './exports/export-route';
import { createFacebookRouter } from './facebook/router';
import { staffCors } from './http/cors';
import { createErrorHandler, notFound } from './http/errors';
import { perMinuteLimit } from './http/per-minute-limit';
import { createRecallRouter } from './recalls/recall-route';
import { createWebhookRouter } from './webhook/router';

/** Every path the service answers; anything else is not the service's (see `fallThrough`). */
export const SERVICE_PATHS = ['/status-notifications', '/appointments', '/api', '/webhook'];
/**
 * The service paths none of whose routes answers a GET. Mounted in the local stack, where the SPA
 * has the same origin, a page load there (a typed or bookmarked URL such as /appointments) is the
 * SPA's, which sends it on to the dashboard, rather than the service's JSON 404.
 */
const POST_ONLY_PATHS = ['/status-notifications', '/appointments'];
/** The paths staff call from the SPA with their JWT (CORS, JSON bodies, rate limits). */
const STAFF_PATHS = ['/status-notifications', '/appointments', '/api'];
export const JSON_BODY_LIMIT = '32kb';

/** A browser loading a page: a GET or HEAD that prefers HTML to JSON (fetch and curl take either). */
function isPageLoad(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['json', 'html']) === 'html';
}

export interface AppOptions {
  /**
   * true when the app is mounted inside another (the local stack's gateway): requests outside
   * SERVICE_PATHS, and page loads under POST_ONLY_PATHS, pass on untouched instead of answering 404.
   */
  fallThrough?: boolean;
}

/**
 * The notification service's HTTP app (Express 5; nothing listens here, see service.ts/index.ts).
 *
 * /webhook is mounted before the JSON parser on purpose: Meta's X-Hub-Signature-256 is an HMAC of
 * the raw bytes, so the webhook router reads and parses its own raw body. The staff paths get
 * CORS for the SPA's origins (other origins are refused with a 403 naming them), a small JSON
 * body limit and per-IP rate limits; the webhook gets none of these (Meta retries and would be
 * throttled).
 */
export function createApp(deps: ServiceDeps, options: AppOptions = {}): express.Express {
  const { config, logger } = deps;
  const limits = config.rateLimits ?? DEFAULT_RATE_LIMITS;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy ?? 0);

  if (options.fallThrough) {
    app.use(POST_ONLY_PATHS, (req: Request, _res: Response, next: NextFunction) => {
      next(isPageLoad(req) ? 'router' : undefined);
    });
  }
  app.use(SERVICE_PATHS, (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.on('finish', () =>
      logger.info(
        {
          method: req.method,
          // The path only: query strings may carry tokens (OAuth codes, Meta's access_token).
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          caller: (res.locals.caller as { userId?: string } | undefined)?.userId,
        },
        'request',
      ),
    );
    next();
  });
  app.use(SERVICE_PATHS, helmet({ crossOriginResourcePolicy: { policy: 'same-site' } }));

  // Reads its own raw body (signature check), so it comes before express.json().
  app.use('/webhook', createWebhookRouter(deps));

  app.use(
    STAFF_PATHS,
    staffCors(config.corsOrigins, logger),
    perMinuteLimit({
      limit: limits.requestsPerMinute,
      message: 'Too many requests. Please wait a minute and try again.',
    }),
    express.json({ limit: JSON_BODY_LIMIT }),
  );

  app.use('/status-notifications', createStatusNotificationRouter(deps));
  app.use('/appointments', createManualReminderRouter(deps));
  app.use('/api/exports', createExportRouter(deps));
  app.use('/api/recalls', createRecallRouter(deps));
  app.use('/api', createFacebookRouter(deps));

  app.use(SERVICE_PATHS, notFound);
  if (!options.fallThrough) app.use(notFound);
  app.use(createErrorHandler(logger));
  return app;
}
