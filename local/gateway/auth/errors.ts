import type { Request, Response } from 'express';

/** The only API version GoTrue knows besides the initial one; auth-js sends it on every call. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024_01_01 = '2024-01-01';

/** An answer GoTrue would give: HTTP status, machine-readable `error_code`, human message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra fields GoTrue adds to some errors (e.g. `weak_password.reasons`). */
    readonly extra: Record<string, unknown> = {},
    /** What went wrong underneath, for the log only. */
    readonly internal?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unexpectedFailure = (message: string, internal?: unknown) =>
  new AuthError(500, 'unexpected_failure', message, {}, internal);
export const weakPassword = (minLength: number) =>
  new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'] },
  });
export const emailRateLimited = (sentAt: Date, now: Date, windowSeconds: number) => {
  const left = Math.max(1, Math.ceil(windowSeconds - (now.getTime() - sentAt.getTime()) / 1000));
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${left} seconds.`,
  );
};

/** The API version the request asked for, as GoTrue resolves it (only 2024-01-01 is known). */
export function requestedApiVersion(req: Request): string | undefined {
  const raw = req.headers[API_VERSION_HEADER.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const asked = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(asked)) return undefined;
  return asked >= Date.parse(`${API_VERSION_2024_01_01}T00:00:00Z`) ? API_VERSION_2024_01_01 : undefined;
}

/**
 * Sends the error in both of GoTrue's shapes at once: the 2024-01-01 body (`code` is the
 * error code, `message`) when the request asked for that version, else the initial body
 * (`code` is the HTTP status, `msg`); `error_code`, `msg` and `message` are always present so
 * any client reads it.
 */
export function sendAuthError(req: Request, res: Response, error: AuthError): void {
  const versioned = requestedApiVersion(req) !== undefined;
  res.status(error.status).json({
    code: versioned ? error.errorCode : error.status,
    error_code: error.errorCode,
    msg: error.message,
    message: error.message,
    ...error.extra,
  });
}
