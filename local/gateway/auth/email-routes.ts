import type { Request, Response, Router } from 'express';
import type { Queryable } from '../../db/database.ts';
import {
  allowedRedirect,
  EMAIL_FREQUENCY_SECONDS,
  isLinkExpired,
  newEmailToken,
  sendAuthEmail,
  sendExistingAccountEmail,
  sentWithinFrequency,
  tokenHash,
  type EmailLinkType,
} from './email-links.ts';
import { AuthError, badRequest, emailRateLimited, forbidden, unprocessable, validationFailed } from './errors.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { FixedWindowLimiter, type AuthRateLimits } from './rate-limit.ts';
import {
  bodyOf,
  clientIp,
  optionalMetadata,
  optionalString,
  queryString,
  refusePkce,
  type AuthDeps,
} from './request.ts';
import { startSession, type SessionJson } from './sessions.ts';
import { recordSignIn } from './sign-in-audit.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserByToken,
  insertUser,
  isBanned,
  isConfirmed,
  obfuscatedUserJson,
  updateUser,
  userWithIdentities,
  validateEmail,
  type UserRow,
} from './users.ts';

const LINK_INVALID = 'Email link is invalid or has expired';
const OTP_INVALID = 'Token has expired or is invalid';

/** Sign-up, confirmation resend, password recovery and the links those e-mails carry. */
export function mountEmailRoutes(router: Router, deps: AuthDeps, limits: AuthRateLimits): void {
  const { db, config, mailbox } = deps;
  /** When the "someone tried to sign up" notice last went to an address: at most one a minute each. */
  const existingAccountNotices = new FixedWindowLimiter(EMAIL_FREQUENCY_SECONDS * 1000);

  /** Stores a fresh token for the address and mails the link, at most once a minute per kind. */
  async function mailLink(user: UserRow, type: EmailLinkType, redirectTo: string): Promise<UserRow> {
    const now = new Date();
    const sentAt = type === 'signup' ? user.confirmation_sent_at : user.recovery_sent_at;
    if (sentWithinFrequency(sentAt, now)) throw emailRateLimited(sentAt!, now, EMAIL_FREQUENCY_SECONDS);
    const token = newEmailToken(user.email!);
    const updated = await updateUser(
      db,
      user.id,
      type === 'signup'
        ? { confirmation_token: token.hash, confirmation_sent_at: now }
        : { recovery_token: token.hash, recovery_sent_at: now },
    );
    sendAuthEmail(mailbox, config, { to: user.email!, type, token, redirectTo });
    return updated;
  }

  router.post('/signup', async (req: Request, res: Response) => {
    // Before anything else, like GoTrue's limiter in front of the handler: a flood of sign-ups
    // from one client would make an account, a clinic and an e-mail each.
    limits.takeSignup(clientIp(req));
    const body = bodyOf(req);
    refusePkce(body);
    const phone = optionalString(body, 'phone');
    if (phone && body.email === undefined) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const password = optionalString(body, 'password') ?? '';
    if (password === '') throw unprocessable('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password);
    const email = validateEmail(body.email);
    const userMetadata = optionalMetadata(body, 'data') ?? {};
    const redirectTo = allowedRedirect(queryString(req, 'redirect_to'), config);

    // Hashed whatever the address, so a taken address does not answer measurably faster.
    const passwordHash = await hashPassword(password);
    const existing = await findUserByEmail(db, email);
    if (existing && isConfirmed(existing)) {
      // The answer must not reveal the account (GoTrue's look-alike user); its owner is told instead.
      if (!existingAccountNotices.exhausted(email, 1)) {
        existingAccountNotices.hit(email);
        sendExistingAccountEmail(mailbox, config, { to: existing.email ?? email, redirectTo });
      }
      res.json(obfuscatedUserJson(email, userMetadata));
      return;
    }
    if (existing) {
      // Unconfirmed: send the confirmation again; the claimed password and data are not trusted.
      const user = await mailLink(existing, 'signup', redirectTo);
      res.json(await userWithIdentities(db, user));
      return;
    }

    const token = newEmailToken(email);
    const created = await db.transaction(async (tx) => {
      const inserted = await insertUser(
        tx,
        { email, passwordHash, userMetadata, appMetadata: {}, confirmed: false },
        'Database error saving new user',
      );
      const user = await updateUser(tx, inserted.id, {
        confirmation_token: token.hash,
        confirmation_sent_at: new Date(),
      });
      return userWithIdentities(tx, user);
    });
    sendAuthEmail(mailbox, config, { to: email, type: 'signup', token, redirectTo });
    res.json(created);
  });

  router.post('/resend', async (req: Request, res: Response) => {
    const body = bodyOf(req);
    refusePkce(body);
    const type = optionalString(body, 'type');
    if (type !== 'signup') throw validationFailed('Only the signup confirmation can be resent by the local stack');
    const email = validateEmail(body.email);
    limits.takeMail(email, clientIp(req));
    const user = await findUserByEmail(db, email);
    // Like GoTrue, the answer does not tell whether the address has an unconfirmed account.
    if (user && !isConfirmed(user)) {
      await mailLink(user, 'signup', allowedRedirect(queryString(req, 'redirect_to'), config));
    }
    res.json({});
  });

  router.post('/recover', async (req: Request, res: Response) => {
    const body = bodyOf(req);
    refusePkce(body);
    if (body.email === undefined || body.email === '') throw validationFailed('Password recovery requires an email');
    const email = validateEmail(body.email);
    limits.takeMail(email, clientIp(req));
    const user = await findUserByEmail(db, email);
    if (user) await mailLink(user, 'recovery', allowedRedirect(queryString(req, 'redirect_to'), config));
    res.json({});
  });

  /** Checks a token from an e-mail and starts the session it stands for. */
  async function redeem(
    tx: Queryable,
    type: string,
    find: (column: TokenColumn) => Promise<UserRow | undefined>,
    invalid: string,
    address: string,
  ) {
    const columns = tokenColumns(type);
    let user: UserRow | undefined;
    let column: TokenColumn | undefined;
    for (const candidate of columns) {
      user = await find(candidate);
      column = candidate;
      if (user) break;
    }
    if (!user || !column) throw forbidden('otp_expired', invalid);
    if (isBanned(user)) throw new AuthError(401, 'user_banned', 'User is banned');
    const sentAt = column === 'confirmation_token' ? user.confirmation_sent_at : user.recovery_sent_at;
    if (isLinkExpired(sentAt)) throw forbidden('otp_expired', invalid);
    if (column === 'confirmation_token') {
      user = await confirmEmail(tx, user.id);
    } else {
      user = await updateUser(tx, user.id, { recovery_token: '' });
      if (!isConfirmed(user)) user = await confirmEmail(tx, user.id);
    }
    // A link or code from an e-mail signs in too: on the record with the session it starts.
    await recordSignIn(tx, user.id, true, address, null);
    return startSession(tx, config, user, 'otp');
  }

  router.get('/verify', async (req: Request, res: Response) => {
    const redirectTo = allowedRedirect(queryString(req, 'redirect_to'), config);
    const type = queryString(req, 'type') ?? '';
    const token = (queryString(req, 'token') ?? '').replaceAll('-', '');
    let session: SessionJson;
    try {
      if (!token) throw validationFailed('Verify requires a token or a token hash');
      if (!['signup', 'invite', 'recovery', 'magiclink'].includes(type))
        throw validationFailed('Unsupported verification type');
      // A link's token is sha224(address + six digits): guessable for a known address, so wrong
      // tokens count like wrong codes.
      const attempt = limits.beginAttempt(null, clientIp(req));
      session = await db.transaction((tx) =>
        redeem(tx, type, (column) => findUserByToken(tx, column, token), LINK_INVALID, clientIp(req)),
      );
      attempt.succeeded();
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      res.redirect(303, withFragment(redirectTo, errorFragment(error), true));
      return;
    }
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: session.token_type,
      type,
    });
    res.redirect(303, withFragment(redirectTo, fragment, false));
  });

  router.post('/verify', async (req: Request, res: Response) => {
    const body = bodyOf(req);
    const type = optionalString(body, 'type') ?? '';
    const hash = optionalString(body, 'token_hash');
    const otp = optionalString(body, 'token');
    if (!type) throw validationFailed('Verify requires a verification type');
    if (!['signup', 'invite', 'recovery', 'magiclink', 'email'].includes(type)) {
      throw validationFailed('Unsupported verification type');
    }
    let find: (tx: Queryable, column: TokenColumn) => Promise<UserRow | undefined>;
    let attempt: { succeeded(): void } | undefined;
    if (hash) {
      attempt = limits.beginAttempt(null, clientIp(req));
      find = (tx, column) => findUserByToken(tx, column, hash);
    } else if (otp) {
      const email = validateEmail(body.email);
      // A six-digit code can be guessed: wrong codes count like wrong passwords.
      attempt = limits.beginAttempt(email, clientIp(req));
      const expected = tokenHash(email, otp);
      find = async (tx, column) => {
        const user = await findUserByEmail(tx, email);
        return user && user[column] === expected ? user : undefined;
      };
    } else {
      throw validationFailed('Verify requires either a token or a token hash');
    }
    const session = await db.transaction((tx) =>
      redeem(tx, type, (column) => find(tx, column), OTP_INVALID, clientIp(req)),
    );
    attempt?.succeeded();
    res.json(session);
  });
}

type TokenColumn = 'confirmation_token' | 'recovery_token';

function tokenColumns(type: string): TokenColumn[] {
  if (type === 'signup' || type === 'invite') return ['confirmation_token'];
  if (type === 'recovery' || type === 'magiclink') return ['recovery_token'];
  return ['confirmation_token', 'recovery_token'];
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
};

function errorFragment(error: AuthError): URLSearchParams {
  const fragment = new URLSearchParams();
  const oauthError = OAUTH_ERRORS[error.status];
  if (oauthError) fragment.set('error', oauthError);
  fragment.set('error_code', error.errorCode);
  fragment.set('error_description', error.message);
  return fragment;
}

/** GoTrue puts the outcome in the fragment; on errors it also drops the target's query. */
function withFragment(target: string, fragment: URLSearchParams, dropQuery: boolean): string {
  let base = target.split('#')[0]!;
  if (dropQuery) base = base.split('?')[0]!;
  return `${base}#${fragment.toString()}`;
}
