/**
 * `/auth/v1` through the real supabase-js: what a GoTrue-backed app sees for sign-up with
 * e-mail confirmation, password sign-in, refresh-token rotation, the current user, sign-out,
 * password recovery and the admin API, and the errors (status, code, body) it gets instead.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { signJwt } from '../../../local/gateway/jwt.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PASSWORD = 'Sup3r-secret';
const EXTRA_ORIGIN = 'http://app.example.test';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, env: { ADDITIONAL_REDIRECT_URLS: `${EXTRA_ORIGIN}/**` } });
});

afterAll(async () => {
  await stack?.stop();
});

const freshEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const signUpData = (name = 'Dr. Test') => ({ name, clinic_name: `Clinic ${randomUUID().slice(0, 6)}` });

/** A supabase-js client with any key and extra headers (Node 20 has no global WebSocket for realtime). */
function clientWith(key: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function lastMail(email: string, kind: string) {
  const mail = stack.mailbox.list(email).find((candidate) => candidate.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail for ${email}`);
  return mail;
}

/** Follows an e-mail link the way a browser would, without following the redirect. */
async function follow(link: string): Promise<{ status: number; location: string; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  return { status: response.status, location, fragment: new URLSearchParams(new URL(location).hash.slice(1)) };
}

/** A raw call to /auth/v1 with the anon key, for what supabase-js does not show (bodies, headers). */
function authFetch(path: string, init: RequestInit & { apiKey?: string | null; version?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.apiKey !== null) headers.set('apikey', init.apiKey ?? stack.config.anonKey);
  if (init.version) headers.set('X-Supabase-Api-Version', '2024-01-01');
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(`${stack.url}/auth/v1${path}`, { ...init, headers });
}

async function signUpConfirmed(
  email = freshEmail(),
  password = PASSWORD,
): Promise<{ email: string; session: Session }> {
  const { error } = await stack.anonClient().auth.signUp({ email, password, options: { data: signUpData() } });
  if (error) throw error;
  const { fragment } = await follow(lastMail(email, 'signup').link);
  expect(fragment.get('access_token')).toBeTruthy();
  const client = stack.anonClient();
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError || !data.session) throw signInError ?? new Error('no session');
  return { email, session: data.session };
}

describe('sign-up with e-mail confirmation, then a whole session', () => {
  it('when a visitor signs up, confirms, signs in, refreshes, updates and signs out, then each step answers as GoTrue does', async () => {
    const email = freshEmail('flow');
    const client = stack.anonClient();

    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: signUpData('Dr. Flow'), emailRedirectTo: `${stack.url}/login` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const user = signUp.data.user!;
    expect(user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', phone: '', is_anonymous: false });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ name: 'Dr. Flow' });
    expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', user_id: user.id });

    const unconfirmed = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const mail = lastMail(email, 'signup');
    expect(mail.subject).toBe('Confirm Your Signup');
    const link = new URL(mail.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.config.siteUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${stack.url}/login`);

    const verified = await follow(mail.link);
    expect(verified.status).toBe(303);
    expect(verified.location.startsWith(`${stack.url}/login#access_token=`)).toBe(true);
    expect([...verified.fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(verified.fragment.get('expires_in')).toBe('3600');
    expect(verified.fragment.get('token_type')).toBe('bearer');
    expect(verified.fragment.get('type')).toBe('signup');
    const linkClaims = claimsOf(verified.fragment.get('access_token')!);
    expect(linkClaims).toMatchObject({ sub: user.id, email, role: 'authenticated', aud: 'authenticated' });
    expect(linkClaims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const usedAgain = await follow(mail.link);
    expect(usedAgain.status).toBe(303);
    expect(usedAgain.location).toBe(
      `${stack.url}/login#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );

    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.last_sign_in_at).toBeTruthy();
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stack.config.siteUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { name: 'Dr. Flow' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(typeof claims.session_id).toBe('string');

    const current = await client.auth.getUser();
    expect(current.error).toBeNull();
    expect(current.data.user?.id).toBe(user.id);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(claimsOf(refreshed.data.session!.access_token).session_id).toBe(claims.session_id);
    expect(claimsOf(refreshed.data.session!.access_token).amr).toEqual(claims.amr);

    const renamed = await client.auth.updateUser({ data: { name: 'Dr. Renamed', title: 'DMD' } });
    expect(renamed.error).toBeNull();
    expect(renamed.data.user!.user_metadata).toMatchObject({ name: 'Dr. Renamed', title: 'DMD' });
    expect(renamed.data.user!.user_metadata.clinic_name).toBe(user.user_metadata.clinic_name);

    const samePassword = await client.auth.updateUser({ password: PASSWORD });
    expect(samePassword.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', name: 'AuthWeakPasswordError' });

    const newPassword = 'An0ther-secret';
    const changed = await client.auth.updateUser({ password: newPassword });
    expect(changed.error).toBeNull();
    const withOld = await stack.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(withOld.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const withNew = await stack.anonClient().auth.signInWithPassword({ email, password: newPassword });
    expect(withNew.error).toBeNull();

    const lastRefreshToken = (await client.auth.getSession()).data.session!.refresh_token;
    const lastAccessToken = (await client.auth.getSession()).data.session!.access_token;
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const afterLogout = await stack.anonClient().auth.refreshSession({ refresh_token: lastRefreshToken });
    expect(afterLogout.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const revoked = await authFetch('/user', {
      headers: { authorization: `Bearer ${lastAccessToken}` },
      version: true,
    });
    expect(revoked.status).toBe(403);
    expect(await revoked.json()).toMatchObject({ code: 'session_not_found', error_code: 'session_not_found' });
    // The global sign-out ended the other session too.
    const otherSession = await stack.anonClient().auth.getUser(withNew.data.session!.access_token);
    expect(otherSession.error?.name).toBe('AuthSessionMissingError');
  });

  it('when the link carries a token hash or the mail a code, then verifyOtp confirms the address', async () => {
    const byHash = freshEmail('hash');
    await stack.anonClient().auth.signUp({ email: byHash, password: PASSWORD, options: { data: signUpData() } });
    const tokenHash = new URL(lastMail(byHash, 'signup').link).searchParams.get('token')!;
    const client = stack.anonClient();
    const hashed = await client.auth.verifyOtp({ type: 'signup', token_hash: tokenHash });
    expect(hashed.error).toBeNull();
    expect(hashed.data.session?.user.email).toBe(byHash);
    expect(hashed.data.user?.email_confirmed_at).toBeTruthy();

    const byCode = freshEmail('code');
    await stack.anonClient().auth.signUp({ email: byCode, password: PASSWORD, options: { data: signUpData() } });
    const code = /enter the code: (\d{6})/.exec(lastMail(byCode, 'signup').html)![1]!;
    const wrong = await stack
      .anonClient()
      .auth.verifyOtp({ type: 'email', email: byCode, token: code === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const coded = await stack.anonClient().auth.verifyOtp({ type: 'email', email: byCode, token: code });
    expect(coded.error).toBeNull();
    expect(coded.data.session?.user.email).toBe(byCode);
  });

  it('when a link is older than 24 hours, then it leads to the otp_expired error', async () => {
    const email = freshEmail('late');
    await stack.anonClient().auth.signUp({ email, password: PASSWORD, options: { data: signUpData() } });
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1`, [
      email,
    ]);
    const late = await follow(lastMail(email, 'signup').link);
    expect(late.status).toBe(303);
    expect(late.fragment.get('error_code')).toBe('otp_expired');
    expect(late.fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('when an unconfirmed address signs up again, then the confirmation is sent again, at most once a minute', async () => {
    const email = freshEmail('again');
    const first = await stack.anonClient().auth.signUp({ email, password: PASSWORD, options: { data: signUpData() } });
    const tooSoon = await stack
      .anonClient()
      .auth.signUp({ email, password: PASSWORD, options: { data: signUpData() } });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    await stack.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1`, [
      email,
    ]);
    const again = await stack
      .anonClient()
      .auth.signUp({ email, password: 'Different-pass1', options: { data: signUpData() } });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
    expect(stack.mailbox.list(email).filter((mail) => mail.kind === 'signup')).toHaveLength(2);
    // Only the newest link works.
    const [newest, oldest] = stack.mailbox.list(email);
    expect((await follow(oldest!.link)).fragment.get('error_code')).toBe('otp_expired');
    expect((await follow(newest!.link)).fragment.get('access_token')).toBeTruthy();
    // The second sign-up's password was not trusted.
    expect((await stack.anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('when a confirmed address signs up again, then the answer is a look-alike user without identities and no confirmation mail', async () => {
    const { email, session } = await signUpConfirmed();
    const mailsBefore = stack.mailbox.list(email).length;
    const repeat = await stack
      .anonClient()
      .auth.signUp({ email, password: 'whatever-123', options: { data: signUpData() } });
    expect(repeat.error).toBeNull();
    expect(repeat.data.session).toBeNull();
    expect(repeat.data.user?.identities).toEqual([]);
    expect(repeat.data.user?.id).not.toBe(session.user.id);
    expect(repeat.data.user?.email).toBe(email);
    // Only the owner's notice (tests/integration/gateway/signup-existing-email.test.ts), no confirmation link.
    expect(stack.mailbox.list(email).filter((mail) => mail.kind !== 'signup_existing')).toHaveLength(mailsBefore);
  });
});

describe('password recovery', () => {
  it('when a user asks for a reset, follows the mail and sets a new password, then only the new password works', async () => {
    const { email } = await signUpConfirmed();
    const client = stack.anonClient();
    const asked = await client.auth.resetPasswordForEmail(email, { redirectTo: `${stack.url}/reset-password` });
    expect(asked).toEqual({ data: {}, error: null });

    const mail = lastMail(email, 'recovery');
    expect(mail.subject).toBe('Reset Your Password');
    expect(new URL(mail.link).searchParams.get('type')).toBe('recovery');
    const landed = await follow(mail.link);
    expect(landed.status).toBe(303);
    expect(landed.location.startsWith(`${stack.url}/reset-password#access_token=`)).toBe(true);
    expect(landed.fragment.get('type')).toBe('recovery');

    const recovering = stack.anonClient();
    const set = await recovering.auth.setSession({
      access_token: landed.fragment.get('access_token')!,
      refresh_token: landed.fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    const newPassword = 'Rec0vered-pass';
    expect((await recovering.auth.updateUser({ password: newPassword })).error).toBeNull();

    const old = await stack.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect((await stack.anonClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
    expect((await follow(mail.link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('when the same address asks again within a minute, then the answer is 429 over_email_send_rate_limit', async () => {
    const { email } = await signUpConfirmed();
    expect((await stack.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const again = await stack.anonClient().auth.resetPasswordForEmail(email);
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  });

  it('when the address is unknown, then the answer is the same empty success and no mail is sent', async () => {
    const email = freshEmail('nobody');
    expect(await stack.anonClient().auth.resetPasswordForEmail(email)).toEqual({ data: {}, error: null });
    expect(stack.mailbox.list(email)).toEqual([]);
  });
});

describe('redirect targets', () => {
  it('when emailRedirectTo is another site, then the link leads to the site URL instead (no open redirect)', async () => {
    const email = freshEmail('phish');
    await stack.anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: signUpData(), emailRedirectTo: 'https://evil.example/steal' },
    });
    const link = new URL(lastMail(email, 'signup').link);
    expect(link.searchParams.get('redirect_to')).toBe(stack.config.siteUrl);

    link.searchParams.set('redirect_to', 'https://evil.example/steal');
    const landed = await follow(link.toString());
    expect(landed.status).toBe(303);
    expect(landed.location.startsWith(`${stack.config.siteUrl}#access_token=`)).toBe(true);
  });

  it('when the target is in ADDITIONAL_REDIRECT_URLS, then it is honoured', async () => {
    const { email } = await signUpConfirmed();
    await stack.anonClient().auth.resetPasswordForEmail(email, { redirectTo: `${EXTRA_ORIGIN}/reset-password` });
    const landed = await follow(lastMail(email, 'recovery').link);
    expect(landed.location.startsWith(`${EXTRA_ORIGIN}/reset-password#access_token=`)).toBe(true);
  });
});

describe('sign-in and token errors', () => {
  it('when the password is wrong or the user unknown, then both answer 400 invalid_credentials', async () => {
    const { email } = await signUpConfirmed();
    const wrong = await stack.anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await stack
      .anonClient()
      .auth.signInWithPassword({ email: freshEmail('ghost'), password: PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({
        name: 'AuthApiError',
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('when a refresh token is used twice, then the reuse is refused and the whole session is revoked', async () => {
    const { session } = await signUpConfirmed();
    const client = stack.anonClient();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const reused = await stack.anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const child = await stack.anonClient().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(child.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const unknown = await stack.anonClient().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('when GET /user gets an expired, forged or user-less JWT, then it answers 403 bad_jwt', async () => {
    const { session } = await signUpConfirmed();
    const claims = claimsOf(session.access_token);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = signJwt({ ...claims, iat: past - 3600, exp: past }, stack.config.jwtSecret);
    const forged = signJwt(claims, 'some-other-secret-that-is-at-least-32-chars');
    const client = stack.anonClient();
    for (const token of [expired, forged, stack.config.anonKey]) {
      const { error } = await client.auth.getUser(token);
      expect(error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'bad_jwt' });
    }
    const raw = await authFetch('/user', { headers: { authorization: `Bearer ${expired}` } });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: 403,
      error_code: 'bad_jwt',
      msg: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
    const noBearer = await authFetch('/user', { headers: { authorization: 'Basic abc' } });
    expect(noBearer.status).toBe(401);
    expect(await noBearer.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });
});

describe('sign-up refusals', () => {
  it('when the password is shorter than 6 characters, then 422 weak_password with the reason', async () => {
    const { error } = await stack.anonClient().auth.signUp({ email: freshEmail('weak'), password: '12345' });
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
    });
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('when the e-mail address is malformed, then 400 validation_failed', async () => {
    const { error } = await stack.anonClient().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'validation_failed' });
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('when a trigger on auth.users raises, then 500 "Database error saving new user" and nothing is left', async () => {
    await stack.db.exec(`
      create or replace function public.test_refuse_signup() returns trigger language plpgsql as $$
      begin
        if new.email like 'refused-%' then raise exception 'refused by test trigger'; end if;
        return new;
      end $$;
      drop trigger if exists test_refuse_signup on auth.users;
      create trigger test_refuse_signup before insert on auth.users for each row execute function public.test_refuse_signup();
    `);
    try {
      const email = freshEmail('refused');
      const { data, error } = await stack
        .anonClient()
        .auth.signUp({ email, password: PASSWORD, options: { data: signUpData() } });
      expect(data.user).toBeNull();
      // auth-js treats every 500 as retryable and does not read the body.
      expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 500 });
      const raw = await authFetch('/signup', {
        method: 'POST',
        version: true,
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(raw.status).toBe(500);
      expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await raw.json()).toEqual({
        code: 'unexpected_failure',
        error_code: 'unexpected_failure',
        msg: 'Database error saving new user',
        message: 'Database error saving new user',
      });
      const { rows } = await stack.db.query(`select 1 from auth.users where email = $1`, [email]);
      expect(rows).toEqual([]);
      expect(stack.mailbox.list(email)).toEqual([]);
    } finally {
      await stack.db.exec(`drop trigger test_refuse_signup on auth.users; drop function public.test_refuse_signup();`);
    }
  });

  it('when the sign-up names no clinic, then the project trigger refuses it with the same 500 and nothing is left', async (context) => {
    const { rows } = await stack.db.query(`select 1 from pg_proc where proname = 'handle_new_user'`);
    if (rows.length === 0) context.skip(); // The schema has not landed yet; the test above covers the mechanism.
    const email = freshEmail('noclinic');
    const { error } = await stack
      .anonClient()
      .auth.signUp({ email, password: PASSWORD, options: { data: { name: 'No Clinic' } } });
    expect(error).toMatchObject({ status: 500 });
    expect((await stack.db.query(`select 1 from auth.users where email = $1`, [email])).rows).toEqual([]);
  });
});

describe('the API gateway in front of /auth/v1', () => {
  it('when the apikey is missing or wrong, then 401 with the gateway message', async () => {
    const missing = await authFetch('/token?grant_type=password', {
      method: 'POST',
      apiKey: null,
      body: JSON.stringify({ email: 'a@b.test', password: PASSWORD }),
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });

    const wrongKey = clientWith('not-a-key');
    const { error } = await wrongKey.auth.signInWithPassword({ email: 'a@b.test', password: PASSWORD });
    expect(error).toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('when the body is not JSON, then 400 bad_json in the shape the request asked for', async () => {
    const versioned = await authFetch('/token?grant_type=password', {
      method: 'POST',
      version: true,
      body: '{"email": ',
    });
    expect(versioned.status).toBe(400);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const versionedBody = (await versioned.json()) as Record<string, unknown>;
    expect(versionedBody).toMatchObject({ code: 'bad_json', error_code: 'bad_json' });
    expect(String(versionedBody.message)).toMatch(/^Could not parse request body as JSON/);
    expect(JSON.stringify(versionedBody)).not.toMatch(/at .*\.(ts|js):\d+/);

    const legacy = await authFetch('/token?grant_type=password', { method: 'POST', body: '{"email": ' });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toMatchObject({ code: 400, error_code: 'bad_json' });
  });

  it('when the body is over 1 MB, then 413', async () => {
    const { error } = await stack.anonClient().auth.signUp({
      email: freshEmail('huge'),
      password: PASSWORD,
      options: { data: { blob: 'x'.repeat(1_100_000) } },
    });
    expect(error).toMatchObject({ status: 413 });
  });

  it('when a client asks for the settings or the health, then it gets them', async () => {
    const settings = await authFetch('/settings');
    expect(await settings.json()).toMatchObject({
      external: { email: true },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    const health = await authFetch('/health');
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });
});

describe('sign-out scopes', () => {
  it('when one device signs out locally, then the other device stays signed in', async () => {
    const { email } = await signUpConfirmed();
    const laptop = await stack.signedIn(email, PASSWORD);
    const phone = await stack.signedIn(email, PASSWORD);
    expect((await laptop.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await phone.auth.getUser()).error).toBeNull();
    expect((await phone.auth.refreshSession()).error).toBeNull();
  });
});

describe('admin API', () => {
  let admin: SupabaseClient;
  beforeAll(() => {
    admin = stack.serviceClient();
  });

  it('when called with the anon key or a user token, then 403 not_admin', async () => {
    const anon = stack.anonClient();
    const created = await anon.auth.admin.createUser({ email: freshEmail('sneaky'), password: PASSWORD });
    expect(created.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const listed = await anon.auth.admin.listUsers();
    expect(listed.error).toMatchObject({ status: 403, code: 'not_admin' });

    const { session } = await signUpConfirmed();
    const asUser = clientWith(stack.config.anonKey, { Authorization: `Bearer ${session.access_token}` });
    const deleted = await asUser.auth.admin.deleteUser(session.user.id);
    expect(deleted.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('when the service role creates, reads, updates, lists and deletes a user, then each answers as GoTrue does', async () => {
    const email = freshEmail('staff');
    const created = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      // The project's sign-up trigger needs a clinic to put the profile in.
      user_metadata: { name: 'Staff Member', clinic_name: 'Admin-made Clinic' },
      app_metadata: { note: 'made by admin' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({ email, user_metadata: { name: 'Staff Member', clinic_name: 'Admin-made Clinic' } });
    expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], note: 'made by admin' });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(stack.mailbox.list(email)).toEqual([]);

    const duplicate = await admin.auth.admin.createUser({ email, password: PASSWORD });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const fetched = await admin.auth.admin.getUserById(user.id);
    expect(fetched.data.user?.id).toBe(user.id);

    const updated = await admin.auth.admin.updateUserById(user.id, {
      user_metadata: { phone_ext: '12' },
      password: 'Chang3d-pass',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Staff Member', phone_ext: '12' });
    const signedIn = await stack.signedIn(email, 'Chang3d-pass');
    const token = (await signedIn.auth.getSession()).data.session!.access_token;

    const listed = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((listedUser) => listedUser.id)).toContain(user.id);

    // The founder is their new clinic's only admin, whom no door may remove: the clinic gets another.
    const founded = await admin.from('users').select('clinic_id').eq('user_id', user.id).single();
    const keeper = await admin.auth.admin.createUser({
      email: freshEmail('keeper'),
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { clinic_id: founded.data!.clinic_id, role: 'admin' },
    });
    expect(keeper.error).toBeNull();
    const deleted = await admin.auth.admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(user.id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const deletedAgain = await admin.auth.admin.deleteUser(user.id);
    expect(deletedAgain.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const orphanToken = await stack.anonClient().auth.getUser(token);
    expect(orphanToken.error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  it('when the service role bans a user, then the user can no longer sign in', async () => {
    const { email, session } = await signUpConfirmed();
    const banned = await admin.auth.admin.updateUserById(session.user.id, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    const attempt = await stack.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(attempt.error).toMatchObject({ status: 400, code: 'user_banned' });
    await admin.auth.admin.updateUserById(session.user.id, { ban_duration: 'none' });
    expect((await stack.anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

/** Sign-up with an address that already has a confirmed account: the answer looks
 * like a new address's (GoTrue's anti-enumeration), and the owner is told by e-mail instead, at most once a minute. */
const OWNER_PASSWORD = 'Owner-pass-123';

async function confirmedAccount(label: string): Promise<string> {
  const email = freshEmail(label);
  const { error } = await stack
    .anonClient()
    .auth.signUp({ email, password: OWNER_PASSWORD, options: { data: signUpData() } });
  if (error) throw error;
  const confirmation = stack.mailbox.list(email).find((mail) => mail.kind === 'signup');
  const followed = await fetch(confirmation!.link, { redirect: 'manual' });
  expect(followed.status).toBe(303);
  return email;
}

const signUpAgain = (email: string, password: string) =>
  stack.anonClient().auth.signUp({
    email,
    password,
    options: { data: signUpData(), emailRedirectTo: `${stack.url}/login` },
  });

describe('sign-up with an address that already has an account', () => {
  it('when someone signs up with a confirmed address, then the answer looks like a new sign-up and the owner gets a notice', async () => {
    const email = await confirmedAccount('owner');
    const before = stack.mailbox.list(email).length;

    const repeat = await signUpAgain(email.toUpperCase(), 'Intruder-pass-1');
    const fresh = await signUpAgain(freshEmail('fresh'), 'Intruder-pass-1');

    // Both answers: no error, no session, a user with the address given (what the SPA reads).
    for (const answer of [repeat, fresh]) {
      expect(answer.error).toBeNull();
      expect(answer.data.session).toBeNull();
      expect(answer.data.user?.email_confirmed_at).toBeUndefined();
    }
    expect(repeat.data.user?.email).toBe(email);
    expect(Object.keys(repeat.data.user!).sort()).toEqual(Object.keys(fresh.data.user!).sort());

    const mails = stack.mailbox.list(email);
    expect(mails).toHaveLength(before + 1);
    const notice = mails[0]!;
    expect(notice).toMatchObject({
      to: email,
      kind: 'signup_existing',
      subject: 'Someone tried to sign up with your email',
      link: `${stack.url}/login`,
    });
    expect(notice.html).toContain('You already have an account');
    expect(notice.html).toContain('Forgot password?');
    expect(notice.html).toContain(`<a href="${stack.url}/login">Log in</a>`);
    // No confirmation link: nothing about the account changes.
    expect(mails.filter((mail) => mail.kind === 'signup')).toHaveLength(1);
    expect((await stack.anonClient().auth.signInWithPassword({ email, password: OWNER_PASSWORD })).error).toBeNull();
    const intruder = await stack.anonClient().auth.signInWithPassword({ email, password: 'Intruder-pass-1' });
    expect(intruder.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    // The dev mailbox page names the notice's link for what it does.
    const page = await (await fetch(`${stack.url}/_dev/mail?to=${encodeURIComponent(email)}`)).text();
    expect(page).toContain('Someone tried to sign up with your email');
    expect(page).toContain(`<a href="${stack.url}/login">Log in</a>`);
  });

  it('when the same address is tried again within a minute, then no second notice is sent, and the answer stays the same', async () => {
    const email = await confirmedAccount('twice');
    const first = await signUpAgain(email, 'Intruder-pass-1');
    const second = await signUpAgain(email, 'Intruder-pass-2');
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(second.data.session).toBeNull();
    expect(stack.mailbox.list(email).filter((mail) => mail.kind === 'signup_existing')).toHaveLength(1);
  });

  it('when a sign-up without a redirect hits a confirmed address, then the notice links to the site', async () => {
    const email = await confirmedAccount('bare');
    const { error } = await stack.anonClient().auth.signUp({ email, password: 'Intruder-pass-1' });
    expect(error).toBeNull();
    const notice = stack.mailbox.list(email).find((mail) => mail.kind === 'signup_existing');
    expect(notice?.link).toBe(stack.config.siteUrl);
  });
});
