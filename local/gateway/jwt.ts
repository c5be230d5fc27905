import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCanonicalBase64url } from '../../server/http/canonical-base64url.ts';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number; iat?: number };

export type VerifyResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' | 'bad_algorithm' };

const base64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** HS256 only: a token that names another algorithm (or `none`) is refused. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  if (!parts.every(isCanonicalBase64url)) return { ok: false, reason: 'malformed' };
  let parsedHeader: unknown;
  let claims: unknown;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isObject(parsedHeader) || !isObject(claims)) return { ok: false, reason: 'malformed' };
  if (parsedHeader.alg !== 'HS256') return { ok: false, reason: 'bad_algorithm' };
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  const exp = (claims as JwtClaims).exp;
  if (typeof exp === 'number' && exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as JwtClaims };
}

export { isCanonicalBase64url };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
