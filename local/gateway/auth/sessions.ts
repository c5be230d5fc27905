import { randomBytes } from 'node:crypto';
import type { StackConfig } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { signJwt, verifyJwt, type JwtClaims } from '../jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import {
  findUserById,
  isBanned,
  isUuid,
  updateUser,
  userWithIdentities,
  type UserJson,
  type UserRow,
} from './users.ts';

export const ACCESS_TOKEN_SECONDS = 3600;

/** How a session was started, as GoTrue records it in `amr`. */
export type AuthMethod = 'password' | 'otp';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The access token GoTrue signs: HS256 with the project secret, one hour. */
function accessToken(
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
) {
  const iat = nowSeconds();
  const exp = iat + ACCESS_TOKEN_SECONDS;
  const claims: JwtClaims = {
    iss: `${config.siteUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
  return { token: signJwt(claims, config.jwtSecret), exp };
}

async function sessionJson(
  tx: Queryable,
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const { rows } = await tx.query<{ method: string; at: Date }>(
    `select authentication_method as method, created_at as at from auth.mfa_amr_claims
      where session_id = $1 order by created_at desc`,
    [sessionId],
  );
  const amr = rows.map((row) => ({ method: row.method, timestamp: Math.floor(new Date(row.at).getTime() / 1000) }));
  const { token, exp } = accessToken(config, user, sessionId, amr);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userWithIdentities(tx, user),
  };
}

/** Starts a session: a row in `auth.sessions`, its first refresh token, and an access token. */
export async function startSession(
  tx: Queryable,
  config: StackConfig,
  user: UserRow,
  method: AuthMethod,
): Promise<SessionJson> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sessions (user_id, created_at, updated_at, aal) values ($1, now(), now(), 'aal1') returning id`,
    [user.id],
  );
  const sessionId = rows[0]!.id;
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at) values ($1, $2, now(), now())`,
    [sessionId, method],
  );
  const refreshToken = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at, updated_at)
     values ($1, $2, false, $3, now(), now())`,
    [refreshToken, user.id, sessionId],
  );
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [
    user.id,
  ]);
  const signedIn = await updateUser(tx, user.id, { last_sign_in_at: new Date() });
  return sessionJson(tx, config, signedIn, sessionId, refreshToken);
}

/**
 * The refresh-token grant with rotation: the presented token is revoked and a child issued.
 * A token presented again after it was rotated is treated as theft (GoTrue's reuse
 * detection): every token of that session is revoked and the session ended, so its access
 * tokens stop working at /auth/v1/user too, and the caller must sign in again.
 */
export async function refreshSession(db: Database, config: StackConfig, presented: string): Promise<SessionJson> {
  const outcome = await db.transaction(async (tx): Promise<SessionJson | AuthError> => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `select id::text, token, user_id, revoked, session_id from auth.refresh_tokens where token = $1 for update`,
      [presented],
    );
    const current = rows[0];
    if (!current || !current.session_id)
      return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (current.revoked) {
      // The whole family goes: every refresh token of the session, and the session itself, so the
      // access tokens issued for it are refused too (the rows stay, so a retry still reads "Already Used").
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`, [
        current.session_id,
      ]);
      await tx.query(
        `update auth.sessions set not_after = now(), updated_at = now()
          where id = $1 and (not_after is null or not_after > now())`,
        [current.session_id],
      );
      return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const session = await tx.query<{ expired: boolean }>(
      `select not_after is not null and not_after < now() as expired from auth.sessions where id = $1`,
      [current.session_id],
    );
    if (!session.rows[0]) return badRequest('session_not_found', 'Invalid Refresh Token: Session Not Found');
    if (session.rows[0].expired) return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    const user = await findUserById(tx, current.user_id);
    if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) return badRequest('user_banned', 'User is banned');

    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [current.id]);
    const next = newRefreshToken();
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
       values ($1, $2, false, $3, $4, now(), now())`,
      [next, user.id, presented, current.session_id],
    );
    await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [current.session_id]);
    return sessionJson(tx, config, user, current.session_id, next);
  });
  // The revocation of a reused token's family must be committed before the refusal is sent.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends sessions; their refresh tokens go with them (foreign key `on delete cascade`). */
export async function endSessions(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
  } else if (scope === 'local') {
    await db.query(`delete from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId]);
  } else {
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  }
}

export interface Authenticated {
  user: UserRow;
  claims: JwtClaims;
  sessionId: string | undefined;
}

/** The bearer token of a request, if it has one. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (!authorization || !/^bearer\s+/i.test(authorization)) return undefined;
  return authorization.replace(/^bearer\s+/i, '').trim() || undefined;
}

/** Verifies a bearer token the way GoTrue does before it answers for "the current user". */
export function verifyBearer(token: string | undefined, config: StackConfig): JwtClaims {
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = verifyJwt(token, config.jwtSecret);
  if (!verified.ok) {
    const why = verified.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  return verified.claims;
}

/**
 * The signed-in user behind a bearer token. A token whose session was ended (logout,
 * password change elsewhere, admin delete, refresh-token reuse) is refused even before it expires.
 */
export async function authenticate(
  db: Queryable,
  config: StackConfig,
  token: string | undefined,
): Promise<Authenticated> {
  const claims = verifyBearer(token, config);
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  if (sessionId !== undefined) {
    const { rows } = isUuid(sessionId)
      ? await db.query<{ id: string }>(
          `select id from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())`,
          [sessionId, user.id],
        )
      : { rows: [] };
    if (!rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims, sessionId };
}
