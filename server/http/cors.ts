import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { sendError } from './errors';

/** What a refused origin is told (a browser hides it from the page, but devtools and curl show it). */
export const corsRefusedError = (origin: string) =>
  `Requests from ${origin} are not allowed: it is not one of this service's allowed origins (CORS_ORIGINS).`;

/** Refused origins are logged once each, up to this many (a scanner must not grow the set forever). */
const MAX_LOGGED_ORIGINS = 100;

/**
 * CORS for the staff paths. A request without an Origin (curl, another server) passes on; an
 * allowed origin gets its grant; any other origin is answered 403 `{error}` naming it, preflight
 * or not, and is logged once with the allowed list, so a deployment whose CORS_ORIGINS misses the
 * SPA's address says so in its log instead of failing silently in the browser.
 */
export function staffCors(allowedOrigins: readonly string[], logger: Logger): RequestHandler {
  const allowed = new Set(allowedOrigins);
  const grant = cors({
    origin: [...allowedOrigins],
    credentials: false,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
  });
  const logged = new Set<string>();
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined || allowed.has(origin)) {
      grant(req, res, next);
      return;
    }
    if (!logged.has(origin) && logged.size < MAX_LOGGED_ORIGINS) {
      logged.add(origin);
      logger.warn(
        { origin, allowedOrigins: [...allowedOrigins], path: req.originalUrl.split('?')[0] },
        'CORS: refused requests from an origin that is not in CORS_ORIGINS',
      );
    }
    sendError(res, 403, corsRefusedError(origin));
  };
}
