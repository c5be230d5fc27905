import { describe, expect, it } from 'vitest';
import { isCanonicalBase64url, signJwt, verifyJwt } from './jwt.ts';

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

describe('non-canonical base64url', () => {
  const token = signJwt({ sub: 'u1', role: 'authenticated', exp: NOW + 60 }, SECRET);
  const [header, payload, signature] = token.split('.') as [string, string, string];

  /** The same bytes with the last character's unused low bits set: decodes to the same signature. */
  function withTrailingBits(segment: string): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const unusedBits = (segment.length * 6) % 8;
    const last = alphabet.indexOf(segment.at(-1)!);
    return segment.slice(0, -1) + alphabet[last | ((1 << unusedBits) - 1)]!;
  }

  it('refuses a signature with padding, standard-alphabet characters or non-zero trailing bits', () => {
    // An HS256 signature is 32 bytes: 43 characters with 2 unused bits at the end.
    expect(signature).toHaveLength(43);
    const altered = withTrailingBits(signature);
    expect(altered).not.toBe(signature);
    expect(Buffer.from(altered, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    const standard = `${signature.replaceAll('-', '+').replaceAll('_', '/')}=`;
    for (const variant of [`${signature}=`, standard, `+${signature.slice(1)}`, altered]) {
      expect(verifyJwt(`${header}.${payload}.${variant}`, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a header or payload segment that is not canonical', () => {
    expect(verifyJwt(`${header}=.${payload}.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt(`${header}.${payload}==.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt(`${header}.${payload.replaceAll('_', '/')}x.${signature}`, SECRET, NOW).ok).toBe(false);
  });

  it('tells canonical segments from the rest', () => {
    expect(isCanonicalBase64url('')).toBe(true);
    expect(isCanonicalBase64url('QQ')).toBe(true);
    expect(isCanonicalBase64url('QR')).toBe(false);
    expect(isCanonicalBase64url('QQ==')).toBe(false);
    expect(isCanonicalBase64url('a+b/')).toBe(false);
    expect(isCanonicalBase64url('A')).toBe(false);
  });
});
