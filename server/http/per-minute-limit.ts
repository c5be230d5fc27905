import type { Request, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sendError } from './errors';

/**
 * At most `limit` requests a minute per key (the client's address unless `key` says otherwise),
 * in a fixed window, with the standard RateLimit headers; past it, 429 `{error: message}`.
 * `skipFailedRequests`: only answers under 400 count.
 */
export function perMinuteLimit(options: {
  limit: number;
  message: string;
  key?: (req: Request, res: Response) => string;
  skipFailedRequests?: boolean;
}) {
  return rateLimit({
    windowMs: 60_000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(options.key ? { keyGenerator: options.key } : {}),
    skipFailedRequests: options.skipFailedRequests ?? false,
    handler: (_req, res) => {
      sendError(res, 429, options.message);
    },
  });
}
