import { describe, expect, it } from 'vitest';
import type { Caller } from '../contracts';
import {
  CHOOSE_A_CLINIC,
  NO_ACCESS_TO_CLINIC,
  NO_CLINIC,
  accessTokenFrom,
  chooseClinic,
  clinicRoom,
  requestedClinicFrom,
  tokenExpiresAt,
  tokenSessionId,
  userRoom,
} from './handshake';

const caller = (overrides: Partial<Caller> = {}): Caller => ({
  userId: 'd0000000-0000-4000-8000-000000000002',
  email: 'admin@demo.test',
  role: 'admin',
  clinicId: 1,
  ...overrides,
});

describe('accessTokenFrom', () => {
  it('when the handshake auth carries a token, then that token is used', () => {
    expect(accessTokenFrom({ auth: { token: ' abc.def.ghi ' }, headers: { authorization: 'Bearer other' } })).toBe(
      'abc.def.ghi',
    );
  });

  it('when there is no auth token but an Authorization Bearer header, then the header token is used', () => {
    expect(accessTokenFrom({ auth: {}, headers: { authorization: 'bearer abc.def.ghi' } })).toBe('abc.def.ghi');
  });

  it('when neither is there, or the header is not a bearer token, then there is no token', () => {
    expect(accessTokenFrom({ auth: {}, headers: {} })).toBeUndefined();
    expect(accessTokenFrom({ auth: { token: 42 }, headers: { authorization: 'Basic dXNlcjpwdw==' } })).toBeUndefined();
    expect(accessTokenFrom({ auth: { token: '   ' }, headers: {} })).toBeUndefined();
  });
});

describe('requestedClinicFrom', () => {
  it('when no clinicId is sent, then none is requested', () => {
    expect(requestedClinicFrom({ token: 't' })).toEqual({ ok: true, clinicId: null });
    expect(requestedClinicFrom(undefined)).toEqual({ ok: true, clinicId: null });
  });

  it('when clinicId is a positive whole number or its text, then it is requested', () => {
    expect(requestedClinicFrom({ clinicId: 7 })).toEqual({ ok: true, clinicId: 7 });
    expect(requestedClinicFrom({ clinicId: '7' })).toEqual({ ok: true, clinicId: 7 });
  });

  it.each([[0], [-3], [1.5], ['7; drop table'], [{}], [true]])(
    'when clinicId is %j, then it is refused',
    (clinicId) => {
      expect(requestedClinicFrom({ clinicId })).toEqual({
        ok: false,
        error: 'clinicId must be a positive whole number.',
      });
    },
  );
});

describe('chooseClinic', () => {
  it("when staff name no clinic or their own, then they join their own clinic's room", () => {
    expect(chooseClinic(caller(), null)).toEqual({ ok: true, clinicId: 1 });
    expect(chooseClinic(caller({ role: 'receptionist' }), 1)).toEqual({ ok: true, clinicId: 1 });
  });

  it('when staff name another clinic, then they are refused', () => {
    expect(chooseClinic(caller({ role: 'dentist' }), 2)).toEqual({
      ok: false,
      status: 403,
      error: NO_ACCESS_TO_CLINIC,
    });
  });

  it('when a superadmin names a clinic, then they join it; without one, their own', () => {
    expect(chooseClinic(caller({ role: 'superadmin' }), 2)).toEqual({ ok: true, clinicId: 2 });
    expect(chooseClinic(caller({ role: 'superadmin' }), null)).toEqual({ ok: true, clinicId: 1 });
  });

  it('when a superadmin without a clinic names none, then they are asked to choose', () => {
    expect(chooseClinic(caller({ role: 'superadmin', clinicId: null }), null)).toEqual({
      ok: false,
      status: 400,
      error: CHOOSE_A_CLINIC,
    });
  });

  it('when staff have no clinic, then they are refused', () => {
    expect(chooseClinic(caller({ clinicId: null }), null)).toEqual({ ok: false, status: 403, error: NO_CLINIC });
  });

  it('names rooms after the clinic', () => {
    expect(clinicRoom(12)).toBe('clinic:12');
  });
});

describe('tokenExpiresAt', () => {
  const token = (claims: unknown) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

  it('when the token has an exp claim, then it is that time in milliseconds', () => {
    expect(tokenExpiresAt(token({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });

  it('when there is no exp or the payload is not JSON, then there is no expiry', () => {
    expect(tokenExpiresAt(token({ sub: 'x' }))).toBeNull();
    expect(tokenExpiresAt('a.not-json.c')).toBeNull();
    expect(tokenExpiresAt('garbage')).toBeNull();
  });
});

describe('tokenSessionId', () => {
  const token = (claims: unknown) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

  it("when the token has GoTrue's session_id claim, then it is that id in lower case", () => {
    expect(tokenSessionId(token({ session_id: 'E0000000-0000-4000-8000-00000000000A' }))).toBe(
      'e0000000-0000-4000-8000-00000000000a',
    );
  });

  it('when there is no session_id (or it is not text), then null', () => {
    expect(tokenSessionId(token({ sub: 'x' }))).toBeNull();
    expect(tokenSessionId(token({ session_id: 7 }))).toBeNull();
    expect(tokenSessionId('garbage')).toBeNull();
  });
});

describe('userRoom', () => {
  it('is one room per user, whatever the case of the id', () => {
    expect(userRoom('D0000000-0000-4000-8000-000000000002')).toBe(userRoom('d0000000-0000-4000-8000-000000000002'));
    expect(userRoom('d0000000-0000-4000-8000-000000000002')).not.toBe(clinicRoom(2));
  });
});
