import type { Request } from 'express';
import { z } from 'zod';
import { HttpError } from './errors';

/** A positive whole number in a path or query string ("12"), else a 400 naming `what`. */
export function parsePositiveId(value: unknown, what: string): number {
  const text = typeof value === 'string' ? value : '';
  const id = Number(text);
  if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(id) || id < 1)
    throw new HttpError(400, `${what} must be a positive whole number.`);
  return id;
}

/**
 * Parses the JSON body with a schema of the contract (@common/contract): 415 for a body that is
 * not JSON, 400 naming the first problem.
 */
export function parseBody<Schema extends z.core.$ZodType>(req: Request, schema: Schema): z.output<Schema> {
  if (!req.is('application/json'))
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))
    throw new HttpError(400, 'The request body must be a JSON object.');
  const parsed = z.safeParse(schema, req.body);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid request body.');
  return parsed.data;
}
