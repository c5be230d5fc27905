/**
 * What the logs of the service and the local stack may hold: the options every logger is built
 * with (server/index.ts, server/service.ts, local/logger.ts). Patients' messages and Messenger ids,
 * e-mails, passwords and their hashes, tokens and secrets never reach a log line: errors keep only
 * fields that describe what failed (never a query's text or bound values, nor Postgres' `detail`
 * such as `Key (email)=(x@y)`), and known private fields are censored wherever they appear.
 */
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/**
 * Field names whose values are private (compared without case), censored at any depth of a log
 * line. `recipient` and `sender` are Graph API's `{ id: PSID }`.
 */
export const PRIVATE_FIELDS = [
  // Credentials and secrets.
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'new_password',
  'encrypted_password',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'token',
  'token_hash',
  'confirmation_token',
  'recovery_token',
  'page_access_token',
  'pageAccessToken',
  'fb_page_access_token',
  'app_secret',
  'appSecret',
  'metaAppSecret',
  'client_secret',
  'jwtSecret',
  'secret',
  'apikey',
  // People: contact details and Messenger ids (page-scoped ids, PSIDs).
  'email',
  'phone',
  'psid',
  'senderPsid',
  'recipientId',
  'recipient_id',
  'recipient',
  'sender',
  'messenger_id',
  'messengerId',
  'guardian_messenger_id',
  // What patients and staff wrote, and bodies that may carry any of the above.
  'text',
  'body',
  'reminder_message',
  'params',
  'parameters',
  'values',
  'query',
] as const;

const PRIVATE_KEYS = new Set<string>(PRIVATE_FIELDS.map((field) => field.toLowerCase()));

/** Objects nested deeper than this in a log line are not written out. */
const MAX_LOG_DEPTH = 6;

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function censorAt(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isErrorLike(value) && !isPlainObject(value)) return serializeAt(value, 0);
  if (depth >= MAX_LOG_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item: unknown) => censorAt(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = PRIVATE_KEYS.has(key.toLowerCase()) ? REDACTED : censorAt(inner, depth + 1);
  }
  return out;
}

/**
 * A copy of a log call's fields with private ones censored, at any depth. pino's `redact` would
 * do it by path, but with the paths for a few levels down it made every log line about twenty
 * times slower; one walk over the (small) object costs next to nothing. `err` and `error` are
 * left to their serializer.
 */
export function censorPrivateFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'err' || key === 'error') out[key] = value;
    else out[key] = PRIVATE_KEYS.has(key.toLowerCase()) ? REDACTED : censorAt(value, 1);
  }
  return out;
}

/** Error fields that say what failed without the data it failed on. */
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'status',
  'statusCode',
  'httpStatus',
  'errorCode',
  'timeout',
] as const;

/** Errors whose cause (or AggregateError member) chain goes deeper than this are cut. */
const MAX_ERROR_DEPTH = 4;

/**
 * Postgres quotes the offending value at the end of some messages (`invalid input syntax for
 * type uuid: "…"`); identifiers it quotes (`constraint "users_email_key"`) are not after `: `.
 */
export function scrubErrorMessage(message: string): string {
  return message.replace(/: "(?:[^"]|"")*"/g, `: "${REDACTED}"`);
}

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

function isErrorLike(value: unknown): value is Record<string, unknown> {
  return value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value);
}

function serializeAt(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubErrorMessage(value);
  if (!isErrorLike(value)) return censorAt(value, 1);
  const raw = value as Record<string, unknown>;
  const original = typeof raw.message === 'string' ? raw.message : String(raw.message);
  const message = scrubErrorMessage(original);
  const constructorName = (value as { constructor?: { name?: unknown } }).constructor?.name;
  const out: SerializedError = {
    type:
      typeof constructorName === 'string' && constructorName.length > 2 && constructorName !== 'Object'
        ? constructorName
        : typeof raw.name === 'string' && raw.name
          ? raw.name
          : 'Error',
    message,
  };
  if (typeof raw.stack === 'string') out.stack = raw.stack.split(original).join(message);
  for (const field of SAFE_ERROR_FIELDS) {
    const fieldValue = raw[field];
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number' || typeof fieldValue === 'boolean') {
      out[field] = fieldValue;
    }
  }
  if (depth < MAX_ERROR_DEPTH) {
    // `internal`: what went wrong under an answer of the local auth (local/gateway/auth/errors.ts).
    for (const field of ['cause', 'internal'] as const) {
      if (raw[field] !== undefined) out[field] = serializeAt(raw[field], depth + 1);
    }
    if (Array.isArray(raw.errors)) out.errors = raw.errors.map((inner: unknown) => serializeAt(inner, depth + 1));
  }
  return out;
}

/**
 * pino's `err` serializer without what its default keeps: every enumerable field of the error,
 * which for pg and PGlite errors includes `detail`, `where`, `query`, `params`, `internalQuery`.
 */
export function serializeError(value: unknown): unknown {
  return serializeAt(value, 0);
}

/** The options every logger of the service and the local stack is created with. */
export function loggerOptions(level: string, service: string): LoggerOptions {
  return {
    level,
    base: { service },
    formatters: { log: censorPrivateFields },
    serializers: { err: serializeError, error: serializeError },
  };
}

/** A logger with `loggerOptions`, on `destination` (stdout when not given). */
export function createSafeLogger(level: string, service: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level, service), destination) : pino(loggerOptions(level, service));
}
