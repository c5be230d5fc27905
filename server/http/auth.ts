import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errors as joseErrors, jwtVerify } from 'jose';
import { isStaffRole } from '@common/contract';
import type { Caller, CallerVerifier, Clock, SqlClient } from '../contracts';
import { isCanonicalBase64url } from './canonical-base64url';
import { HttpError, sendError } from './errors';

export const AUTH_ERRORS = {
  missing: 'You are not signed in. Please log in again.',
  invalid: 'Your session is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
  notStaff: 'Only signed-in staff can use this service.',
  noProfile: 'Your account has no staff profile.',
  noClinicAccess: 'You do not have access to this clinic.',
  sessionEnded: 'Your session has ended (signed out or revoked). Please log in again.',
  accountDisabled: 'Your account has been disabled. Please contact your clinic admin.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `token` is three segments of canonical base64url: no padding, no `+` or `/`, and no
 * stray trailing bits (decoding and encoding again gives back the very same text), as GoTrue
 * and PostgREST require. A token that decodes the same but is spelt differently is refused.
 */
export function isCanonicalCompactJws(token: string): boolean {
  const segments = token.split('.');
  return segments.length === 3 && segments.every((segment) => segment.length > 0 && isCanonicalBase64url(segment));
}

interface CallerRow {
  role: string | null;
  clinic_id: unknown;
  email: string | null;
  session_alive: boolean;
  account_disabled: boolean;
}

/**
 * One round trip: the staff profile (public.users), whether the token's session (its
 * `session_id` claim, when it has one) still exists in auth.sessions, and whether the account
 * is banned or soft-deleted. Always one row; the profile columns are null without a profile.
 */
const CALLER_SQL = `
select p.role, p.clinic_id, p.email,
       ($2::uuid is null or exists (
          select 1 from auth.sessions s
           where s.id = $2::uuid and s.user_id = $1::uuid and (s.not_after is null or s.not_after > now())
       )) as session_alive,
       exists (
          select 1 from auth.users a
           where a.id = $1::uuid and (a.deleted_at is not null or a.banned_until > now())
       ) as account_disabled
  from (values (1)) as one (x)
  left join public.users p on p.user_id = $1::uuid`;

/**
 * Verifies Supabase access tokens (HS256 with the project's JWT secret, canonical base64url,
 * `exp` required, role `authenticated`), checks that the token's session has not ended (sign-out,
 * ban, deleted account) and loads the caller's staff profile from public.users, in one query. A
 * bad or revoked token answers 401, a valid token without a profile 403. Only a database failure
 * rejects (answered 500).
 */
export function createCallerVerifier(options: { jwtSecret: string; db: SqlClient; clock: Clock }): CallerVerifier {
  const key = new TextEncoder().encode(options.jwtSecret);
  return {
    async verify(token) {
      if (!token) return { ok: false, status: 401, error: AUTH_ERRORS.missing };
      if (!isCanonicalCompactJws(token)) return { ok: false, status: 401, error: AUTH_ERRORS.invalid };
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
          currentDate: options.clock.now(),
        }));
      } catch (error) {
        const expired = error instanceof joseErrors.JWTExpired;
        return { ok: false, status: 401, error: expired ? AUTH_ERRORS.expired : AUTH_ERRORS.invalid };
      }
      if (claims.role !== 'authenticated') return { ok: false, status: 401, error: AUTH_ERRORS.notStaff };
      const userId = claims.sub;
      if (typeof userId !== 'string' || !UUID.test(userId))
        return { ok: false, status: 401, error: AUTH_ERRORS.invalid };
      const sessionId = claims.session_id;
      if (sessionId !== undefined && sessionId !== null && (typeof sessionId !== 'string' || !UUID.test(sessionId)))
        return { ok: false, status: 401, error: AUTH_ERRORS.invalid };

      const { rows } = await options.db.query<CallerRow>(CALLER_SQL, [userId, sessionId ?? null]);
      const row = rows[0];
      // GoTrue answers 403 session_not_found / user_banned: for this service, the token is no longer good.
      // These three carry a code: the token is good, but what it was issued for is gone, and a
      // screen that gets one leaves the session (a socket's refused handshake says it this way).
      if (row && !row.session_alive)
        return { ok: false, status: 401, error: AUTH_ERRORS.sessionEnded, code: 'session_ended' };
      if (row?.account_disabled)
        return { ok: false, status: 401, error: AUTH_ERRORS.accountDisabled, code: 'account_disabled' };
      if (!row || !isStaffRole(row.role))
        return { ok: false, status: 403, error: AUTH_ERRORS.noProfile, code: 'no_profile' };
      const caller: Caller = {
        userId,
        email: row.email ?? (typeof claims.email === 'string' ? claims.email : null),
        role: row.role,
        clinicId: row.clinic_id === null || row.clinic_id === undefined ? null : Number(row.clinic_id),
      };
      return { ok: true, caller };
    },
  };
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  // A header that is not a bearer token is "no token" as far as this service is concerned.
  return match?.[1] ?? '';
}

/** Middleware: answers 401/403 `{error}` or puts the verified Caller in `res.locals.caller`. */
export function requireCaller(callers: CallerVerifier): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (token === '') {
      sendError(res, 401, AUTH_ERRORS.invalid);
      return;
    }
    const result = await callers.verify(token);
    if (!result.ok) {
      sendError(res, result.status, result.error, result.code);
      return;
    }
    res.locals.caller = result.caller;
    next();
  };
}

/** The Caller `requireCaller` verified for this request. */
export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw new Error('callerOf() used on a route without requireCaller');
  return caller;
}

export function canAccessClinic(caller: Caller, clinicId: number): boolean {
  return caller.role === 'superadmin' || (caller.clinicId !== null && caller.clinicId === clinicId);
}

/** Throws 403 `{error:'You do not have access to this clinic.'}` unless the caller may work in `clinicId`. */
export function assertClinicAccess(caller: Caller, clinicId: number): void {
  if (!canAccessClinic(caller, clinicId)) throw new HttpError(403, AUTH_ERRORS.noClinicAccess);
}
