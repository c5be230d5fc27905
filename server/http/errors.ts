import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

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

export function notFound(_req: Request, res: Response) {
  res.status(404).json({ error: NOT_FOUND });
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

/**
 * The one error handler: `{ "error": "..." }` with a 4xx/5xx status, never a stack trace. Expected
 * failures (HttpError, bad bodies) are answered as they are; anything else is logged and becomes 500.
 */
export function createErrorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      logger.error({ err: error, method: req.method, path: req.path }, 'error after the answer started');
      res.end();
      return;
    }
    if (error instanceof HttpError) {
      res.set(error.headers).status(error.status).json({ error: error.message });
      return;
    }
    const type = typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : '';
    const known = BODY_PARSER_ERRORS[type];
    if (known) {
      res.status(known.status).json({ error: known.error });
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ error: 'Something went wrong on the server. Please try again.' });
  };
}
