import { USERS_EXTRA_TEXT } from './messages';

/** A reason from a function's JSON body is shown; anything longer than this is not a sentence for staff. */
const REASON_MAX_LENGTH = 300;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The function's own reason for a refusal: the `error` (or `message`, `msg`) string of a JSON body.
 * A body that was not JSON (a proxy's HTML page) never gives one.
 */
export function reasonOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const reason = [body.error, body.message, body.msg].find((value) => typeof value === 'string' && value.trim());
  if (typeof reason !== 'string') return undefined;
  const trimmed = reason.trim();
  return trimmed.length > REASON_MAX_LENGTH ? `${trimmed.slice(0, REASON_MAX_LENGTH)}…` : trimmed;
}

/** The platform could not run the function (Supabase's edge runtime answers 503 BOOT_ERROR). */
const isBootError = (body: unknown) => isObject(body) && body.code === 'BOOT_ERROR';

/** Answers of a gateway or proxy in front of the function: the function itself did nothing. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * What staff read under a failed call with `status` (`body` is the parsed JSON, or undefined when
 * the reply was not JSON): the function's reason for a refusal; for a server failure what happened,
 * never the server's own text.
 */
export function failureDetail(status: number, body: unknown): string | undefined {
  if (GATEWAY_STATUSES.has(status)) return USERS_EXTRA_TEXT.serviceUnavailable;
  if (status >= 500) return USERS_EXTRA_TEXT.serverFailed;
  return reasonOf(body);
}

/**
 * Whether calling again can help: only a reply from a gateway that did not reach a working
 * function (502–504), and not when the function itself cannot start (it will not start next time).
 */
export function worthRetrying(status: number, body: unknown): boolean {
  return GATEWAY_STATUSES.has(status) && !isBootError(body);
}
