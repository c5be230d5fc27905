/**
 * Who may open a live-update socket, and for which clinic. Pure: the caller comes verified
 * from the CallerVerifier; nothing here touches the network or the clock.
 */
import type { Caller } from '../contracts';

/** What the socket.io client sends: `io(url, { auth: { token, clinicId } })`. */
export interface HandshakeInput {
  auth: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export function clinicRoom(clinicId: number): string {
  return `clinic:${clinicId}`;
}

/** The access token from `auth.token`, else from an `Authorization: Bearer` header. */
export function accessTokenFrom(handshake: HandshakeInput): string | undefined {
  const auth = handshake.auth;
  if (auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string' && auth.token.trim())
    return auth.token.trim();
  const header = handshake.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1];
}

export type RequestedClinic = { ok: true; clinicId: number | null } | { ok: false; error: string };

/** `auth.clinicId` if sent: a positive whole number (or its decimal text). */
export function requestedClinicFrom(auth: unknown): RequestedClinic {
  if (!auth || typeof auth !== 'object' || !('clinicId' in auth)) return { ok: true, clinicId: null };
  const value = auth.clinicId;
  if (value === null || value === undefined || value === '') return { ok: true, clinicId: null };
  const clinicId = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  if (typeof clinicId !== 'number' || !Number.isSafeInteger(clinicId) || clinicId <= 0)
    return { ok: false, error: 'clinicId must be a positive whole number.' };
  return { ok: true, clinicId };
}

export type ClinicChoice = { ok: true; clinicId: number } | { ok: false; status: 400 | 403; error: string };

export const NO_ACCESS_TO_CLINIC = 'You do not have access to this clinic.';
export const CHOOSE_A_CLINIC = 'Choose a clinic: send clinicId in the socket handshake (auth).';
export const NO_CLINIC = 'Your account is not linked to a clinic.';

/**
 * The clinic whose room the socket joins: the caller's own; a superadmin may name any clinic
 * (whether it exists is checked by the caller of this function); anyone else naming another
 * clinic is refused.
 */
export function chooseClinic(caller: Caller, requested: number | null): ClinicChoice {
  if (caller.role === 'superadmin') {
    const clinicId = requested ?? caller.clinicId;
    return clinicId === null ? { ok: false, status: 400, error: CHOOSE_A_CLINIC } : { ok: true, clinicId };
  }
  if (caller.clinicId === null) return { ok: false, status: 403, error: NO_CLINIC };
  if (requested !== null && requested !== caller.clinicId)
    return { ok: false, status: 403, error: NO_ACCESS_TO_CLINIC };
  return { ok: true, clinicId: caller.clinicId };
}

/** The claims of a JWT that has already been verified; null when they cannot be read. */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The `exp` of a JWT that has already been verified, in epoch milliseconds; null when absent.
 * Used to end the socket when the token it was opened with expires.
 */
export function tokenExpiresAt(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * The `session_id` claim (GoTrue's auth.sessions id, lower case) of a JWT that has already been
 * verified; null when absent. Used to close the socket when that session ends (sign-out).
 */
export function tokenSessionId(token: string): string | null {
  const sessionId = claimsOf(token)?.session_id;
  return typeof sessionId === 'string' && sessionId !== '' ? sessionId.toLowerCase() : null;
}

/** The room of every socket of one user (every clinic they follow), on this instance. */
export function userRoom(userId: string): string {
  return `user:${userId.toLowerCase()}`;
}
