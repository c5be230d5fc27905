import type { Request, Response, Router } from 'express';
import { headerValue } from '../caller.ts';
import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import type { AuthRateLimits } from './rate-limit.ts';
import { bodyOf, clientIp, optionalMetadata, optionalString, queryString, type AuthDeps } from './request.ts';
import { authenticate, bearerToken, endSessions, refreshSession, startSession, type LogoutScope } from './sessions.ts';
import { recordSignIn } from './sign-in-audit.ts';
import {
  findUserByEmail,
  isBanned,
  isConfirmed,
  mergeMetadata,
  updateUser,
  userWithIdentities,
  validateEmail,
} from './users.ts';

const INVALID_CREDENTIALS = 'Invalid login credentials';
const MAX_EMAIL_LENGTH = 255;
const MAX_REFRESH_TOKEN_LENGTH = 512;

/** Signing in, refreshing, the current user and signing out. */
export function mountSessionRoutes(router: Router, deps: AuthDeps, limits: AuthRateLimits): void {
  const { db, config } = deps;

  router.post('/token', async (req: Request, res: Response) => {
    const grantType = queryString(req, 'grant_type');
    const body = bodyOf(req);
    if (grantType === 'password') {
      const rawEmail = optionalString(body, 'email');
      if (!rawEmail) {
        if (optionalString(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
        throw validationFailed('missing email or phone');
      }
      const password = optionalString(body, 'password') ?? '';
      const email = rawEmail.trim();
      // Counted before the check; a right password takes the count back, so only failures add up.
      const attempt = limits.beginAttempt(email, clientIp(req));
      // No address is longer than 255 characters: such a one is not looked up.
      const user = email.length <= MAX_EMAIL_LENGTH ? await findUserByEmail(db, email) : undefined;
      const passwordMatches = await verifyPassword(password, user?.encrypted_password);
      const address = clientIp(req);
      const refuse = async (code: string, message: string) => {
        await recordSignIn(db, user?.id ?? null, false, address, code);
        return badRequest(code, message);
      };
      if (!user || !passwordMatches) throw await refuse('invalid_credentials', INVALID_CREDENTIALS);
      attempt.succeeded();
      if (isBanned(user)) throw await refuse('user_banned', 'User is banned');
      if (!isConfirmed(user)) throw await refuse('email_not_confirmed', 'Email not confirmed');
      // The session and its record in the audit trail stand or fall together.
      res.json(
        await db.transaction(async (tx) => {
          await recordSignIn(tx, user.id, true, address, null);
          return startSession(tx, config, user, 'password');
        }),
      );
      return;
    }
    if (grantType === 'refresh_token') {
      const refreshToken = optionalString(body, 'refresh_token');
      if (!refreshToken) throw validationFailed('refresh_token required');
      // Ours are 32 characters; a huge one is not worth a database round trip.
      if (refreshToken.length > MAX_REFRESH_TOKEN_LENGTH)
        throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      res.json(await refreshSession(db, config, refreshToken));
      return;
    }
    throw validationFailed('unsupported_grant_type');
  });

  router.get('/user', async (req: Request, res: Response) => {
    const { user } = await authenticate(db, config, bearerToken(headerValue(req, 'authorization')));
    res.json(await userWithIdentities(db, user));
  });

  router.put('/user', async (req: Request, res: Response) => {
    const { user, sessionId } = await authenticate(db, config, bearerToken(headerValue(req, 'authorization')));
    const body = bodyOf(req);
    const email = optionalString(body, 'email');
    if (email && validateEmail(email) !== user.email?.toLowerCase()) {
      throw unprocessable('validation_failed', 'Changing the email address is not supported by the local stack');
    }
    if (optionalString(body, 'phone'))
      throw unprocessable('validation_failed', 'Phone numbers are not supported by the local stack');

    const changes: Record<string, unknown> = {};
    const password = optionalString(body, 'password');
    if (password !== undefined) {
      checkPasswordStrength(password);
      if (await verifyPassword(password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      changes.encrypted_password = await hashPassword(password);
    }
    const data = optionalMetadata(body, 'data');
    if (data) changes.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data, data));

    const updated = await db.transaction(async (tx) => {
      if (Object.keys(changes).length === 0) return userWithIdentities(tx, user);
      const row = await updateUser(tx, user.id, changes);
      // A new password ends every other session, as GoTrue's UpdatePassword does.
      if (password !== undefined) await endSessions(tx, user.id, sessionId, 'others');
      return userWithIdentities(tx, row);
    });
    res.json(updated);
  });

  router.post('/logout', async (req: Request, res: Response) => {
    const scope = queryString(req, 'scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await authenticate(db, config, bearerToken(headerValue(req, 'authorization')));
    await endSessions(db, user.id, sessionId, scope as LogoutScope);
    res.status(204).end();
  });
}
