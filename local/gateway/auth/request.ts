import type { Request } from 'express';
import type { StackConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { DevMailbox } from '../mailbox.ts';
import { AuthError, validationFailed } from './errors.ts';
import { isMetadata, type Metadata } from './users.ts';

export interface AuthDeps {
  db: Database;
  config: StackConfig;
  mailbox: DevMailbox;
  logger: Logger;
}

/** The JSON body as an object; GoTrue answers anything else as unparseable. */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (!isMetadata(body))
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected a JSON object');
  return body;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${key} must be a string`);
  return value;
}

export function optionalMetadata(body: Record<string, unknown>, key: string): Metadata | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!isMetadata(value))
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${key} must be an object`);
  return value;
}

export function queryString(req: Request, key: string): string | undefined {
  const value = req.query[key];
  return typeof value === 'string' ? value : undefined;
}

/** The local stack speaks the implicit flow only; a PKCE request would silently get the wrong answer. */
export function refusePkce(body: Record<string, unknown>): void {
  if (body.code_challenge !== undefined && body.code_challenge !== null && body.code_challenge !== '') {
    throw validationFailed(
      "The PKCE flow is not supported by the local stack; create the client with flowType 'implicit'",
    );
  }
}
