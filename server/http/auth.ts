import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Caller, CallerVerifier, Clock, SqlClient, StaffRole } from '../contracts';
import { HttpError, sendError } from './errors';
import { loadStaffProfile } from './staff-store';

export const AUTH_ERRORS = {
  missing: 'You are not signed in. Please log in again.',
  invalid: 'Your session is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
  notStaff: 'Only signed-in staff can use this service.',
  noProfile: 'Your account has no staff profile.',
  noClinicAccess: 'You do not have access to this clinic.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STAFF_ROLES: readonly StaffRole[] = ['superadmin', 'admin', 'receptionist', 'dentist'];

/**
 * Verifies Supabase access tokens (HS256 with the project's JWT secret, `exp` required, role
 * `authenticated`) and loads the caller's staff profile from public.users. A bad token answers
 * 401, a valid token without a profile 403. Only a database failure rejects (answered 500).
 */
export function createCallerVerifier(options: { jwtSecret: string; db: SqlClient; clock: Clock }): CallerVerifier {
  const key = new TextEncoder().encode(options.jwtSecret);
  return {
    async verify(token) {
      if (!token) return { ok: false, status: 401, error: AUTH_ERRORS.missing };
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

      const profile = await loadStaffProfile(options.db, userId);
      if (!profile || !STAFF_ROLES.includes(profile.role as StaffRole))
        return { ok: false, status: 403, error: AUTH_ERRORS.noProfile };
      const caller: Caller = {
        userId,
        email: profile.email ?? (typeof claims.email === 'string' ? claims.email : null),
        role: profile.role as StaffRole,
        clinicId: profile.clinicId,
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
      sendError(res, result.status, result.error);
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
