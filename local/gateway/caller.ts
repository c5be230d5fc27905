import type { Request } from 'express';
import type { StackConfig } from '../config.ts';
import { verifyJwt, type JwtClaims } from './jwt.ts';

export type DatabaseRole = 'anon' | 'authenticated' | 'service_role';

export interface Caller {
  role: DatabaseRole;
  claims: JwtClaims;
  /** The bearer token as sent (the user's access token, or the API key when no user is signed in). */
  token: string;
}

export type CallerResult =
  | { ok: true; caller: Caller }
  | { ok: false; status: number; problem: 'no_api_key' | 'invalid_api_key' | 'invalid_jwt' | 'expired_jwt' };

const ROLES: readonly DatabaseRole[] = ['anon', 'authenticated', 'service_role'];

/**
 * Who is calling, the way Supabase's API gateway and PostgREST decide it: the `apikey`
 * header (or query parameter) must be one of the project's keys; the bearer token, or the
 * key itself when there is none, is a JWT whose `role` claim picks the database role.
 */
export function resolveCaller(req: Request, config: StackConfig): CallerResult {
  const apiKey = headerValue(req, 'apikey') ?? (typeof req.query.apikey === 'string' ? req.query.apikey : undefined);
  const authorization = headerValue(req, 'authorization');
  const bearer =
    authorization && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : undefined;
  // Hosted Supabase's gateway asks for the key on every request, a bearer token or not.
  if (!apiKey) return { ok: false, status: 401, problem: 'no_api_key' };
  if (apiKey !== config.anonKey && apiKey !== config.serviceRoleKey) {
    return { ok: false, status: 401, problem: 'invalid_api_key' };
  }
  const token = bearer ?? apiKey;
  const verified = verifyJwt(token, config.jwtSecret);
  if (!verified.ok)
    return { ok: false, status: 401, problem: verified.reason === 'expired' ? 'expired_jwt' : 'invalid_jwt' };
  const role = verified.claims.role;
  if (typeof role !== 'string' || !ROLES.includes(role as DatabaseRole)) {
    return { ok: false, status: 401, problem: 'invalid_jwt' };
  }
  return { ok: true, caller: { role: role as DatabaseRole, claims: verified.claims, token } };
}

export function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  if (Array.isArray(value)) return value[0];
  return value || undefined;
}
