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

/** How deep a request body may nest; user metadata never needs more, and deeper breaks JSON.stringify. */
export const MAX_BODY_DEPTH = 32;

/** A UTF-16 surrogate without its pair (JSON's `\ud800` escape makes one; no database stores it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text Postgres can store: no NUL character (`text` and `jsonb` refuse it) and no lone surrogate. */
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * Why a parsed body or query cannot be taken as it is, if it cannot: nested deeper than
 * MAX_BODY_DEPTH, or a key or string the database cannot store. Walks without recursion, so a
 * body nested thousands deep is measured, not followed.
 */
export function inputProblem(input: unknown, maxDepth = MAX_BODY_DEPTH): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return 'contains a NUL character or an unpaired surrogate';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return `is nested deeper than ${maxDepth} levels`;
    const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
    for (const [key, item] of entries) {
      if (!isStorableText(key)) return 'contains a NUL character or an unpaired surrogate';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Refuses, as GoTrue refuses malformed input (400), a body or query the database could not take. */
export function checkInput(req: Request): void {
  const bodyProblem = inputProblem(req.body);
  if (bodyProblem) throw validationFailed(`Request body ${bodyProblem}`);
  const queryProblem = inputProblem(req.query);
  if (queryProblem) throw validationFailed(`Query string ${queryProblem}`);
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

/** The client's address as the gateway sees it (Express's `req.ip`: the socket's peer unless `trust proxy` is set). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
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
