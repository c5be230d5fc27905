import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Caller, SqlClient } from '../contracts';
import { assertClinicAccess, AUTH_ERRORS, canAccessClinic, createCallerVerifier } from './auth';
import { HttpError } from './errors';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const NOW = new Date('2026-11-21T01:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const USER = 'd0000000-0000-4000-8000-000000000003';

const BANNED_USER = 'd0000000-0000-4000-8000-0000000000b0';
const SESSION = 'e0000000-0000-4000-8000-000000000001';
const ENDED_SESSION = 'e0000000-0000-4000-8000-0000000000ee';

/** Stands in for the verifier's one query: [user id, session id or null] → always one row. */
const queries: unknown[][] = [];
const profiles: SqlClient = {
  async query<Row>(_sql: string, params: unknown[] = []) {
    queries.push(params);
    const [userId, sessionId] = params;
    const hasProfile = userId === USER || userId === BANNED_USER;
    const row = {
      role: hasProfile ? 'receptionist' : null,
      clinic_id: hasProfile ? '7' : null,
      email: hasProfile ? 'reception@demo.test' : null,
      session_alive: sessionId === null || sessionId === SESSION,
      account_disabled: userId === BANNED_USER,
    };
    return { rows: [row] as Row[], affectedRows: 0 };
  },
};
const verifier = createCallerVerifier({ jwtSecret: SECRET, db: profiles, clock: { now: () => NOW } });

const sign = (claims: Record<string, unknown>, options: { secret?: string; alg?: string } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? SECRET));

const staffClaims = { sub: USER, role: 'authenticated', exp: nowSeconds + 3600, email: 'reception@demo.test' };

describe('createCallerVerifier', () => {
  it('when the token is valid and the account has a profile, then the caller carries role and clinic', async () => {
    expect(await verifier.verify(await sign(staffClaims))).toEqual({
      ok: true,
      caller: { userId: USER, email: 'reception@demo.test', role: 'receptionist', clinicId: 7 },
    });
  });

  it('when there is no token, then 401 asking to log in', async () => {
    expect(await verifier.verify(undefined)).toEqual({ ok: false, status: 401, error: AUTH_ERRORS.missing });
  });

  it('when the token expired by the clock given, then 401 saying so', async () => {
    const token = await sign({ ...staffClaims, exp: nowSeconds - 1 });
    expect(await verifier.verify(token)).toEqual({ ok: false, status: 401, error: AUTH_ERRORS.expired });
  });

  it.each([
    ['signed with another secret', () => sign(staffClaims, { secret: 'another-secret-of-at-least-32-characters!' })],
    ['signed with another algorithm', () => sign(staffClaims, { alg: 'HS512' })],
    ['unsigned (alg none)', async () => new UnsecuredJWT(staffClaims).encode()],
    ['without an expiry', () => sign({ sub: USER, role: 'authenticated' })],
    ['without a user id', () => sign({ role: 'authenticated', exp: nowSeconds + 60 })],
    ['with a user id that is not a uuid', () => sign({ ...staffClaims, sub: "1' or '1'='1" })],
    ['garbage', async () => 'not.a.jwt'],
  ])('when the token is %s, then 401', async (_name, token) => {
    expect(await verifier.verify(await token())).toEqual({ ok: false, status: 401, error: AUTH_ERRORS.invalid });
  });

  it('when the token carries another role (anon key, service role), then 401', async () => {
    for (const role of ['anon', 'service_role', undefined]) {
      const token = await sign({ ...staffClaims, role });
      expect(await verifier.verify(token)).toEqual({ ok: false, status: 401, error: AUTH_ERRORS.notStaff });
    }
  });

  it('when the token names a session that still exists, then the caller is let in, with one query', async () => {
    queries.length = 0;
    const result = await verifier.verify(await sign({ ...staffClaims, session_id: SESSION }));
    expect(result).toMatchObject({ ok: true, caller: { userId: USER, role: 'receptionist', clinicId: 7 } });
    expect(queries).toEqual([[USER, SESSION]]);
  });

  it('when the token names a session that has ended (signed out, revoked), then 401 saying so', async () => {
    const token = await sign({ ...staffClaims, session_id: ENDED_SESSION });
    expect(await verifier.verify(token)).toEqual({
      ok: false,
      status: 401,
      error: AUTH_ERRORS.sessionEnded,
      code: 'session_ended',
    });
  });

  it('when the session_id claim is not a uuid, then 401 without asking the database', async () => {
    queries.length = 0;
    for (const sessionId of ['not-a-uuid', 42, { id: SESSION }]) {
      const token = await sign({ ...staffClaims, session_id: sessionId });
      expect(await verifier.verify(token)).toEqual({ ok: false, status: 401, error: AUTH_ERRORS.invalid });
    }
    expect(queries).toEqual([]);
  });

  it('when the account is banned or deleted, then 401', async () => {
    const token = await sign({ ...staffClaims, sub: BANNED_USER });
    expect(await verifier.verify(token)).toEqual({
      ok: false,
      status: 401,
      error: AUTH_ERRORS.accountDisabled,
      code: 'account_disabled',
    });
  });

  it('when a segment of the token is not canonical base64url, then 401 even though it decodes the same', async () => {
    // A token whose signature has a `-` or `_` (HMAC is deterministic: the same claims, the same token).
    let token = '';
    for (let nonce = 0; !/[-_]/.test(token.split('.')[2] ?? ''); nonce++) token = await sign({ ...staffClaims, nonce });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const toBase64 = (segment: string) => segment.replaceAll('-', '+').replaceAll('_', '/');
    // The last character of an unpadded segment carries bits that decoding drops: flip one of them.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const withTrailingBits = (segment: string) => {
      const last = alphabet.indexOf(segment.at(-1)!);
      return segment.slice(0, -1) + alphabet[last ^ 1];
    };
    const variants = [
      `${header}.${payload}.${signature}=`,
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}.${toBase64(signature)}`,
      `${header}.${payload}.${withTrailingBits(signature)}`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.${signature}`,
    ];
    expect(signature.length % 4).not.toBe(0);
    for (const variant of variants) {
      expect(variant).not.toBe(token);
      expect(await verifier.verify(variant)).toEqual({ ok: false, status: 401, error: AUTH_ERRORS.invalid });
    }
    expect(await verifier.verify(token)).toMatchObject({ ok: true });
  });

  it('when the account has no staff profile, then 403', async () => {
    const token = await sign({ ...staffClaims, sub: 'd0000000-0000-4000-8000-0000000000ff' });
    expect(await verifier.verify(token)).toEqual({
      ok: false,
      status: 403,
      error: AUTH_ERRORS.noProfile,
      code: 'no_profile',
    });
  });
});

describe('clinic access', () => {
  const staff = (role: Caller['role'], clinicId: number | null): Caller => ({
    userId: USER,
    email: null,
    role,
    clinicId,
  });

  it('lets staff into their own clinic only, and the superadmin into every clinic', () => {
    expect(canAccessClinic(staff('receptionist', 7), 7)).toBe(true);
    expect(canAccessClinic(staff('admin', 7), 8)).toBe(false);
    expect(canAccessClinic(staff('superadmin', 7), 8)).toBe(true);
    expect(canAccessClinic(staff('superadmin', null), 8)).toBe(true);
    expect(canAccessClinic(staff('dentist', null), 8)).toBe(false);
  });

  it('when refused, then a 403 HttpError with the spec-style message', () => {
    expect(() => assertClinicAccess(staff('admin', 7), 8)).toThrow(HttpError);
    try {
      assertClinicAccess(staff('admin', 7), 8);
    } catch (error) {
      expect(error).toMatchObject({ status: 403, message: 'You do not have access to this clinic.' });
    }
  });
});
