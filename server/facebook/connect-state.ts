/**
 * The OAuth `state` of the Facebook connect flow: which clinic, which staff user, a single-use
 * nonce and an expiry, signed with a key derived from the app secret. It is what lets the popup
 * (which carries no JWT) and Meta's redirect prove who started the flow. Pure: `now` is passed in.
 *
 * Format: `v1.<base64url JSON {c, u, n, x}>.<base64url HMAC-SHA256>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CONNECT_STATE_LIFETIME_MS = 10 * 60_000;
const VERSION = 'v1';
const MAX_TOKEN_LENGTH = 1000;

export interface ConnectState {
  clinicId: number;
  userId: string;
  nonce: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export type ConnectStateCheck =
  { ok: true; state: ConnectState } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/** A key of its own, so a state can never double as a webhook signature (and vice versa). */
function stateKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('ngiti:facebook-oauth-state:v1').digest();
}

function mac(appSecret: string, body: string): Buffer {
  return createHmac('sha256', stateKey(appSecret)).update(`${VERSION}.${body}`).digest();
}

export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function newConnectState(clinicId: number, userId: string, now: Date): ConnectState {
  return { clinicId, userId, nonce: newNonce(), expiresAt: now.getTime() + CONNECT_STATE_LIFETIME_MS };
}

export function signConnectState(state: ConnectState, appSecret: string): string {
  const body = Buffer.from(
    JSON.stringify({ c: state.clinicId, u: state.userId, n: state.nonce, x: state.expiresAt }),
  ).toString('base64url');
  return `${VERSION}.${body}.${mac(appSecret, body).toString('base64url')}`;
}

export function readConnectState(token: string | undefined, appSecret: string, now: Date): ConnectStateCheck {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) return { ok: false, reason: 'malformed' };
  const [, body, signature] = parts as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(appSecret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { c, u, n, x } = (claims ?? {}) as Record<string, unknown>;
  if (
    typeof c !== 'number' ||
    !Number.isSafeInteger(c) ||
    c <= 0 ||
    typeof u !== 'string' ||
    u === '' ||
    typeof n !== 'string' ||
    n.length < 16 ||
    typeof x !== 'number'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (x <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, state: { clinicId: c, userId: u, nonce: n, expiresAt: x } };
}
