import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ErrorBody } from '@common/contract';

/** An answer with a status and a staff-readable `error`; thrown by routes, answered by `errorHandler`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOT_FOUND = 'Not found';

/** Answers `status` with the one error body of the contract, `{ "error": message }` (and its `code`, if any). */
export function sendError(res: Response, status: number, message: string, code?: string): void {
  res.status(status).json((code ? { error: message, code } : { error: message }) satisfies ErrorBody);
}

export function notFound(_req: Request, res: Response) {
  sendError(res, 404, NOT_FOUND);
}

/** The errors body-parser raises, by its `type`. */
const BODY_PARSER_ERRORS: Record<string, { status: number; error: string }> = {
  'entity.parse.failed': { status: 400, error: 'Malformed JSON body' },
  'entity.too.large': { status: 413, error: 'Request body is too large' },
  'encoding.unsupported': { status: 415, error: 'Unsupported body encoding' },
  'charset.unsupported': { status: 415, error: 'Unsupported body charset' },
  'request.aborted': { status: 400, error: 'The request was aborted' },
  'request.size.invalid': { status: 400, error: 'The request body is shorter than its Content-Length' },
};

/** The same words as the local stack's gateway, which answers such paths before the service there. */
export const MALFORMED_URL = 'The request path has an invalid percent-encoding';
export const BAD_REQUEST = 'The request could not be read.';

/**
 * A client error raised by Express or a middleware (http-errors style: numeric `status` 400–499):
 * its status, with a message of ours (theirs may quote the raw input, e.g. the undecodable path
 * parameter of a URIError). null for anything else.
 */
function clientErrorOf(error: unknown): { status: number; error: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const code = typeof status === 'number' ? status : statusCode;
  if (typeof code !== 'number' || !Number.isInteger(code) || code < 400 || code > 499) return null;
  // The router's: a path parameter that does not percent-decode (status 400 set by the router).
  if (error instanceof URIError) return { status: 400, error: MALFORMED_URL };
  return { status: code, error: code === 404 ? NOT_FOUND : BAD_REQUEST };
}

/**
 * The one error handler: `{ "error": "..." }` with a 4xx/5xx status, never a stack trace. Expected
 * failures (HttpError, bad bodies, a path Express cannot decode) are answered as they are; anything
 * else is logged and becomes 500.
 */
export function createErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      logger.error({ err: error, method: req.method, path: req.path }, 'error after the answer started');
      res.end();
      return;
    }
    if (error instanceof HttpError) {
      sendError(res.set(error.headers), error.status, error.message);
      return;
    }
    const type = typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : '';
    const known = BODY_PARSER_ERRORS[type];
    if (known) {
      sendError(res, known.status, known.error);
      return;
    }
    const client = clientErrorOf(error);
    if (client) {
      logger.info({ method: req.method, status: client.status, reason: client.error }, 'bad request');
      sendError(res, client.status, client.error);
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    sendError(res, 500, 'Something went wrong on the server. Please try again.');
  };
}
