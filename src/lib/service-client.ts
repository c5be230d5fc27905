import { errorBodySchema } from '@common/contract/error-body';
import type { RuntimeConfig } from './config';
import { getSupabase } from './supabase';

/** Staff requests to the notification service give up after this long (Meta may be slow). */
export const SERVICE_TIMEOUT_MS = 10_000;

/**
 * A failed call to the notification service. `message` is the service's `error` text when it
 * sent one (spec part 2 §7), else the caller's fallback; `status` is 0 when nothing answered.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

let apiUrl: string | undefined;

/** Remembers the service's base URL once /config.json is known. */
export function initServiceClient(config: Pick<RuntimeConfig, 'apiUrl'>): void {
  apiUrl = config.apiUrl.replace(/\/+$/, '');
}

export function serviceBaseUrl(): string {
  if (apiUrl === undefined) throw new Error('The service client is used before /config.json was loaded');
  return apiUrl;
}

export function serviceUrl(path: string, query?: Record<string, string | number>): string {
  if (apiUrl === undefined) throw new Error('The service client is used before /config.json was loaded');
  const url = new URL(`${apiUrl}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, String(value));
  return url.toString();
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
  } catch {
    throw new ServiceError(fallbackError, 0);
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
    const errorBody = errorBodySchema.safeParse(parsed);
    const serviceText = errorBody.success ? errorBody.data.error.trim() : '';
    throw new ServiceError(serviceText && serviceText.length <= 300 ? serviceText : fallbackError, response.status);
  }
  return parsed as T | null;
}
