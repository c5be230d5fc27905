import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const NOW = 1_800_000_000;

describe('HS256 tokens', () => {
  it('verifies what it signed and returns the claims', () => {
    const token = signJwt({ sub: 'u1', role: 'authenticated', exp: NOW + 60 }, SECRET);
    expect(verifyJwt(token, SECRET, NOW)).toEqual({
      ok: true,
      claims: { sub: 'u1', role: 'authenticated', exp: NOW + 60 },
    });
  });

  it('refuses a token signed with another secret or altered after signing', () => {
    const token = signJwt({ role: 'anon' }, SECRET);
    expect(verifyJwt(token, `${SECRET}-other`, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(verifyJwt(`${header}.${forgedPayload}.${signature}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses an expired token, counting the expiry second as expired', () => {
    const token = signJwt({ role: 'authenticated', exp: NOW }, SECRET);
    expect(verifyJwt(token, SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyJwt(token, SECRET, NOW - 1).ok).toBe(true);
  });

  it('refuses alg "none" and garbage', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(verifyJwt(`${header}.${payload}.`, SECRET, NOW)).toEqual({ ok: false, reason: 'bad_algorithm' });
    expect(verifyJwt('not-a-jwt', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt('a.b.c', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});
