import { describe, expect, it } from 'vitest';
import { CONNECT_STATE_LIFETIME_MS, newConnectState, readConnectState, signConnectState } from './connect-state';

const SECRET = 'app-secret-for-tests';
const NOW = new Date('2026-11-23T01:00:00.000Z');
const USER = 'd0000000-0000-4000-8000-000000000002';

describe('connect state', () => {
  it('when signed and read back before it expires, then it names the clinic, user and nonce', () => {
    const state = newConnectState(7, USER, NOW);
    expect(state.expiresAt).toBe(NOW.getTime() + CONNECT_STATE_LIFETIME_MS);
    expect(readConnectState(signConnectState(state, SECRET), SECRET, NOW)).toEqual({ ok: true, state });
  });

  it('when two states are made for the same clinic and user, then their nonces differ', () => {
    expect(newConnectState(7, USER, NOW).nonce).not.toBe(newConnectState(7, USER, NOW).nonce);
  });

  it('when ten minutes have passed, then it is expired', () => {
    const token = signConnectState(newConnectState(7, USER, NOW), SECRET);
    const later = new Date(NOW.getTime() + CONNECT_STATE_LIFETIME_MS);
    expect(readConnectState(token, SECRET, later)).toEqual({ ok: false, reason: 'expired' });
    expect(readConnectState(token, SECRET, new Date(later.getTime() - 1)).ok).toBe(true);
  });

  it('when the clinic in it is changed, then the signature no longer matches', () => {
    const token = signConnectState(newConnectState(7, USER, NOW), SECRET);
    const [version, body, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, c: 8 })).toString('base64url');
    expect(readConnectState(`${version}.${tampered}.${signature}`, SECRET, NOW)).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('when it was signed with another secret, then it is forged', () => {
    const token = signConnectState(newConnectState(7, USER, NOW), 'another-secret');
    expect(readConnectState(token, SECRET, NOW)).toEqual({ ok: false, reason: 'forged' });
  });

  it('when it is missing or not in the v1 format, then it is malformed', () => {
    for (const token of [undefined, '', 'abc', 'v2.a.b', 'v1..', `v1.${'a'.repeat(2000)}.b`]) {
      expect(readConnectState(token, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
