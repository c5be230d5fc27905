import type { ErrorBody } from '@common/contract/error-body';
import { isRevokedAccessCode, reportAccessRevoked } from './access-revocation';
import { serviceBaseUrl, serviceUrl } from './service-config';
import { getSupabase } from './supabase';

export { initServiceClient, serviceBaseUrl, serviceUrl } from './service-config';

/** Staff requests to the notification service give up after this long (Meta may be slow). */
export const SERVICE_TIMEOUT_MS = 10_000;
/** How long the check "is the service there at all?" after a blocked request may take. */
export const PROBE_TIMEOUT_MS = 3_000;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Texts the spec does not give: why a call to the service got no answer the page may read. */
export const SERVICE_CLIENT_TEXT = {
  /**
   * `suggested`: the same page under the service's loopback name, when both are loopback
   * addresses (the local stack allows its own port under each; a dev server may not).
   */
  corsRefused: (pageOrigin: string, serviceOrigin: string, suggested?: string) =>
    `The notification service (${serviceOrigin}) refused requests from this address (${pageOrigin}). ` +
    (suggested
      ? `Open Ngiti at ${suggested} or add ${pageOrigin} to the service's allowed origins (CORS_ORIGINS).`
      : `Open Ngiti at the address it was set up for, or add ${pageOrigin} to the service's allowed origins (CORS_ORIGINS).`),
  unreachable: (serviceOrigin: string) =>
    `The notification service (${serviceOrigin}) could not be reached. Check the connection and try again.`,
} as const;

/**
 * Why a call failed: the service `answered` with an error status; the browser blocked the
 * answer (`cors-refused`: the service is up but does not accept this page's origin); nothing
 * answered (`unreachable`); or the answer took longer than the timeout (`timeout`).
 */
export type ServiceFailure = 'answered' | 'cors-refused' | 'unreachable' | 'timeout';

/**
 * A failed call to the notification service. `message` is the service's `error` text when it sent
 * one; for a CORS refusal or an unreachable service, what happened; else the caller's fallback.
 * `status` is 0 when the page got no answer it may read.
 */
export class ServiceError extends Error {
  readonly failure: ServiceFailure;

  constructor(
    message: string,
    readonly status: number,
    failure?: ServiceFailure,
    /** The service's `code`, where it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.failure = failure ?? (status === 0 ? 'unreachable' : 'answered');
  }

  /**
   * Nothing answered (or not in time): retrying may help, and the message is no reason to show.
   * A CORS refusal is not one: the service answered, and the message names the cause.
   */
  get isNetworkFailure(): boolean {
    return this.status === 0 && this.failure !== 'cors-refused';
  }
}

/** The signed-in user's access token, which every service endpoint requires. */
export async function serviceAccessToken(): Promise<string | undefined> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.access_token;
}

export interface ServiceRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number>;
  body?: unknown;
  /** Used when the service answers non-OK without an `error` field. */
  fallbackError: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Calls the notification service with the user's JWT. Resolves with the parsed JSON body (or
 * null when there is none); rejects with a ServiceError carrying the service's `error` text.
 */
export async function callService<T = unknown>(path: string, request: ServiceRequest): Promise<T | null> {
  const { method = 'POST', query, body, fallbackError, timeoutMs = SERVICE_TIMEOUT_MS, fetchImpl = fetch } = request;
  const token = await serviceAccessToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetchImpl(serviceUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof TypeError) throw await blockedRequestError(fetchImpl);
    throw new ServiceError(fallbackError, 0, 'timeout');
  }

  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    const errorBody = await readErrorBody(parsed);
    const serviceText = errorBody?.error.trim() ?? '';
    const code = errorBody?.code;
    // The token is good but the access it was issued for is gone (deleted, banned, no profile,
    // session ended): the session ends here too, as when the live-update socket says it.
    if ((response.status === 401 || response.status === 403) && isRevokedAccessCode(code)) reportAccessRevoked(code);
    throw new ServiceError(
      serviceText && serviceText.length <= 300 ? serviceText : fallbackError,
      response.status,
      undefined,
      code,
    );
  }
  return parsed as T | null;
}

/**
 * The service's error body, when the answer is one. The contract's schema (and zod with it) is
 * loaded only here, for a failed call: screens whose first paint calls the service for nothing
 * else need not download it. Where it cannot be loaded, the caller's fallback text is shown.
 */
async function readErrorBody(parsed: unknown): Promise<ErrorBody | undefined> {
  try {
    const { errorBodySchema } = await import('@common/contract/error-body');
    const errorBody = errorBodySchema.safeParse(parsed);
    return errorBody.success ? errorBody.data : undefined;
  } catch {
    return undefined;
  }
}

/** The origin the page was opened at ('this address' where there is no page, e.g. in Node). */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

/** The page's URL under the service's loopback name, when both are loopback addresses. */
function loopbackSuggestion(service: URL): string | undefined {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  if (!page || !URL.canParse(page)) return undefined;
  const suggested = new URL(page);
  if (!LOOPBACK_HOSTS.includes(suggested.hostname) || !LOOPBACK_HOSTS.includes(service.hostname)) return undefined;
  if (suggested.hostname === service.hostname) return undefined;
  suggested.hostname = service.hostname;
  return suggested.origin;
}

/**
 * fetch rejected with a TypeError: the browser got no answer it may read. Either nothing
 * answered, or the service answered but its CORS did not allow this page's origin; scripts are
 * not told which. A `no-cors` request tells them apart: it resolves (with an opaque answer)
 * whenever the service answers at all. It asks for the service's root, which no CORS rule,
 * Cross-Origin-Resource-Policy or authentication guards.
 */
async function blockedRequestError(fetchImpl: typeof fetch): Promise<ServiceError> {
  const service = new URL(serviceBaseUrl());
  const origin = pageOrigin();
  let answered = false;
  try {
    await fetchImpl(`${serviceBaseUrl()}/`, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    answered = true;
  } catch {
    answered = false;
  }
  if (!answered || origin === undefined || origin === service.origin) {
    return new ServiceError(SERVICE_CLIENT_TEXT.unreachable(service.origin), 0, 'unreachable');
  }
  return new ServiceError(
    SERVICE_CLIENT_TEXT.corsRefused(origin, service.origin, loopbackSuggestion(service)),
    0,
    'cors-refused',
  );
}
