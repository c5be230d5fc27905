/**
 * The names of an ended access, shared by the service and the SPA: plain constants, no schema,
 * so the SPA's session (in the /login entry) can tell them without loading zod's realtime schemas.
 * The `access-revoked` payload's schema is in ./realtime.
 */
export const ACCESS_REVOKED = 'access-revoked';

/**
 * Why a socket's access ended before its token did: the account was deleted or banned, the staff
 * profile changed role or clinic or was removed, or one session ended (sign-out, a reused refresh
 * token); `access_rechecked` when a periodic re-check against the database found it gone.
 */
export const ACCESS_REVOKED_REASONS = [
  'user_deleted',
  'user_banned',
  'session_ended',
  'profile_changed',
  'profile_deleted',
  'access_rechecked',
] as const;

export type AccessRevokedReason = (typeof ACCESS_REVOKED_REASONS)[number];

/**
 * The `code` of a refused handshake (socket.io's connect_error `data`) when the token was good but
 * the access it was issued for is gone: its session ended, the account is disabled, or the staff
 * profile was removed. A screen that gets one leaves the session.
 */
export const REVOKED_ACCESS_CODES = ['session_ended', 'account_disabled', 'no_profile'] as const;

export type RevokedAccessCode = (typeof REVOKED_ACCESS_CODES)[number];
