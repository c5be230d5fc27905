/**
 * `/auth/v1` against malformed and hostile input, over real HTTP: what Postgres cannot store (NUL,
 * lone surrogates), bodies nested thousands deep, overflowing numbers and pagination, bad
 * percent-encoding, bad `app_metadata` — each a GoTrue-shaped 4xx, never a 500; password and
 * code and link-token guessing throttled with GoTrue's 429s; sessions ended by refresh-token reuse or sign-out
 * refusing their access tokens; JWTs with non-canonical base64url refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Session } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isCanonicalBase64url } from '../../../local/gateway/jwt.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PASSWORD = 'Sup3r-secret';
/** The stack's defaults for the per-address limits; the per-client one is raised so the walk below fits in it. */
const PER_EMAIL = 10;
const WINDOW_SECONDS = 300;

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
});

afterAll(async () => {
  await stack?.stop();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const freshEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const signUpData = () => ({ name: 'Dr. Test', clinic_name: `Clinic ${randomUUID().slice(0, 6)}` });

interface RawInit {
  method?: string;
  /** Sent as it is when a string (so it can be invalid JSON), else JSON-encoded. */
  body?: unknown;
  token?: string;
  service?: boolean;
}

/** A raw call to /auth/v1 with the anon key (or the service-role key), returning status and parsed body. */
async function call(path: string, init: RawInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers({ apikey: init.service ? stack.config.serviceRoleKey : stack.config.anonKey });
  const bearer = init.service ? stack.config.serviceRoleKey : init.token;
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers.set('content-type', 'application/json');
  }
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

/** GoTrue's error body: `error_code`, `msg` and `message`, `code` the status (no API version asked). */
function expectAuthError(answer: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(status);
  expect(answer.body).toMatchObject({ code: status, error_code: code });
  expect(typeof answer.body.msg).toBe('string');
  expect(answer.body.message).toBe(answer.body.msg);
  expect(JSON.stringify(answer.body)).not.toMatch(/\n\s+at /);
}

async function signUpConfirmed(email = freshEmail()): Promise<{ email: string; session: Session }> {
  const signUp = await stack.anonClient().auth.signUp({ email, password: PASSWORD, options: { data: signUpData() } });
  if (signUp.error) throw signUp.error;
  const mail = stack.mailbox.list(email).find((candidate) => candidate.kind === 'signup');
  if (!mail) throw new Error(`no signup mail for ${email}`);
  await fetch(mail.link, { redirect: 'manual' });
  const { data, error } = await stack.anonClient().auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw error ?? new Error('no session');
  return { email, session: data.session };
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('text Postgres cannot store', () => {
  let session: Session;
  beforeAll(async () => {
    ({ session } = await signUpConfirmed());
  });

  for (const [label, bad] of [
    ['a NUL character', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ] as const) {
    it(`when ${label} is in an e-mail, password, token or metadata, then 400 validation_failed`, async () => {
      const email = freshEmail();
      const requests: [string, RawInit][] = [
        ['/token?grant_type=password', { body: { email: `${bad}@example.test`, password: PASSWORD } }],
        ['/token?grant_type=password', { body: { email, password: bad } }],
        ['/token?grant_type=refresh_token', { body: { refresh_token: bad } }],
        ['/verify', { body: { type: 'signup', token_hash: bad } }],
        ['/verify', { body: { type: 'email', email, token: bad } }],
        ['/signup', { body: { email: `x${bad}@example.test`, password: PASSWORD, data: signUpData() } }],
        ['/signup', { body: { email, password: `${bad}-long-enough`, data: signUpData() } }],
        ['/signup', { body: { email, password: PASSWORD, data: { ...signUpData(), name: bad } } }],
        ['/signup', { body: { email, password: PASSWORD, data: { ...signUpData(), [bad]: 'key' } } }],
        ['/recover', { body: { email: `${bad}@example.test` } }],
        ['/user', { method: 'PUT', token: session.access_token, body: { data: { note: bad } } }],
        ['/admin/users', { service: true, body: { email, password: PASSWORD, user_metadata: { name: bad } } }],
      ];
      for (const [path, init] of requests) expectAuthError(await call(path, init), 400, 'validation_failed');
      // Nothing was created on the way.
      expect((await stack.db.query(`select 1 from auth.users where email = $1`, [email])).rows).toEqual([]);
    });
  }

  it('when a NUL arrives in a query value (an e-mail link), then 400 validation_failed', async () => {
    expectAuthError(await call('/verify?type=signup&token=%00'), 400, 'validation_failed');
    expectAuthError(
      await call('/recover?redirect_to=http://x%00', { body: { email: freshEmail() } }),
      400,
      'validation_failed',
    );
  });
});

describe('bodies nested thousands deep', () => {
  it('when user metadata nests 10,000 levels, then 400 and nothing is stored', async () => {
    const { session } = await signUpConfirmed();
    const email = freshEmail('deep');
    const signUp = await call('/signup', {
      body: `{"email":"${email}","password":"${PASSWORD}","data":${nested(10_000)}}`,
    });
    expectAuthError(signUp, 400, 'validation_failed');
    expect(signUp.body.msg).toBe('Request body is nested deeper than 32 levels');
    expect((await stack.db.query(`select 1 from auth.users where email = $1`, [email])).rows).toEqual([]);
    expectAuthError(
      await call('/user', { method: 'PUT', token: session.access_token, body: `{"data":${nested(10_000)}}` }),
      400,
      'validation_failed',
    );
    expectAuthError(
      await call('/admin/users', { service: true, body: `{"email":"${email}","user_metadata":${nested(10_000)}}` }),
      400,
      'validation_failed',
    );
    // A body nested within the bound is taken.
    const fine = await call('/user', { method: 'PUT', token: session.access_token, body: `{"data":${nested(20)}}` });
    expect(fine.status).toBe(200);
  });
});

describe('admin pagination', () => {
  it('when page or per_page is not a whole number or overflows, then 400 "Bad Pagination Parameters"', async () => {
    for (const query of [
      'page=1e308',
      'per_page=1e308',
      'page=-1',
      'per_page=-5',
      'page=abc',
      'page=1.5',
      'page=99999999999999999999',
      'page=%E0%A4%A',
      'page=900000000000000&per_page=1000',
    ]) {
      const answer = await call(`/admin/users?${query}`, { service: true });
      expectAuthError(answer, 400, 'validation_failed');
      expect(String(answer.body.msg)).toMatch(/^Bad Pagination Parameters/);
    }
  });

  it('when page and per_page are whole numbers (0 taking the default), then a page of users', async () => {
    for (const query of ['page=1&per_page=2', 'page=0&per_page=0', 'page=999999&per_page=1000', 'page=']) {
      const answer = await call(`/admin/users?${query}`, { service: true });
      expect(answer.status, query).toBe(200);
      expect(Array.isArray(answer.body.users)).toBe(true);
    }
  });
});

describe('admin create-user with bad app_metadata', () => {
  let clinicId: number;
  beforeAll(async () => {
    const { rows } = await stack.db.query<{ id: number }>(
      `insert into public.clinics (name) values ('Hardening Clinic') returning id::int`,
    );
    clinicId = rows[0]!.id;
  });

  it('when app_metadata is not an object, then 400 bad_json', async () => {
    for (const appMetadata of ['admin', ['admin'], 42]) {
      const answer = await call('/admin/users', {
        service: true,
        body: { email: freshEmail(), password: PASSWORD, app_metadata: appMetadata },
      });
      expectAuthError(answer, 400, 'bad_json');
    }
  });

  it('when the role or clinic is not one the sign-up trigger accepts, then 422 validation_failed and no user', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ role: 'wizard', clinic_id: clinicId }, /role must be one of superadmin, admin, receptionist, dentist/],
      [{ role: 7, clinic_id: clinicId }, /role must be one of/],
      [{ role: 'admin', clinic_id: 'abc' }, /clinic_id must be the id of a clinic/],
      [{ role: 'admin', clinic_id: 1e308 }, /clinic_id must be the id of a clinic/],
      [{ role: 'admin', clinic_id: -3 }, /clinic_id must be the id of a clinic/],
      [{ role: 'admin', clinic_id: 987_654_321 }, /no such clinic/],
      [{ role: 'admin' }, /needs both role and clinic_id/],
      [{ clinic_id: clinicId }, /needs both role and clinic_id/],
      [{}, /needs app_metadata \{role, clinic_id\}, or user_metadata \{name, clinic_name\}/],
    ];
    for (const [appMetadata, message] of cases) {
      const email = freshEmail('bad-app');
      const answer = await call('/admin/users', {
        service: true,
        body: { email, password: PASSWORD, app_metadata: appMetadata },
      });
      expectAuthError(answer, 422, 'validation_failed');
      expect(String(answer.body.msg)).toMatch(message);
      expect((await stack.db.query(`select 1 from auth.users where email = $1`, [email])).rows).toEqual([]);
    }
  });

  it('when role and clinic_id are right (the id as a number or a digit string), then the staff profile is made', async () => {
    for (const id of [clinicId, String(clinicId)]) {
      const email = freshEmail('staff');
      const answer = await call('/admin/users', {
        service: true,
        body: { email, password: PASSWORD, email_confirm: true, app_metadata: { role: 'dentist', clinic_id: id } },
      });
      expect(answer.status).toBe(200);
      const { rows } = await stack.db.query(`select role, clinic_id::int from public.users where email = $1`, [email]);
      expect(rows).toEqual([{ role: 'dentist', clinic_id: clinicId }]);
    }
  });

  it('when an update names a bad role, then 422 and the user is unchanged', async () => {
    const { session } = await signUpConfirmed();
    const answer = await call(`/admin/users/${session.user.id}`, {
      method: 'PUT',
      service: true,
      body: { app_metadata: { role: 'owner' } },
    });
    expectAuthError(answer, 422, 'validation_failed');
  });
});

describe('every route against malformed input', () => {
  const HUGE = 'x'.repeat(900_000);
  const BODIES: (string | Record<string, unknown>)[] = [
    'not json',
    '{"email": ',
    '[]',
    '"a string"',
    '123',
    'null',
    // With the sign-up data, so /signup does not reach the trigger's "Database error saving new user" (GoTrue's 500).
    `{"email":"a@example.test","password":"${PASSWORD}","data":{"name":"A","clinic_name":"C"},"ban_duration":1e400,"email_confirm":1e400}`,
    { email: 123, password: {}, data: 'x', refresh_token: 5, token_hash: [], type: {}, token: 7 },
    { email: ['a@example.test'], password: true, user_metadata: [], app_metadata: 'x', ban_duration: {} },
    { email: HUGE, password: HUGE, refresh_token: HUGE, token_hash: HUGE, token: HUGE, type: 'signup' },
    { email: `${HUGE}@example.test`, password: PASSWORD, data: { note: HUGE } },
    { ban_duration: '99999999999999999999999h' },
    { ban_duration: '1e400h' },
    { ban_duration: 1e308 },
    { type: 'magiclink', token_hash: 'x', redirect_to: 12 },
  ];

  it('when each /auth/v1 route gets wrong types, invalid JSON, huge strings or overflowing numbers, then never a 5xx', async () => {
    const { session } = await signUpConfirmed();
    const userId = session.user.id;
    const routes: [string, string, Omit<RawInit, 'body' | 'method'>][] = [
      ['POST', '/signup', {}],
      ['POST', '/token?grant_type=password', {}],
      ['POST', '/token?grant_type=refresh_token', {}],
      ['POST', '/token?grant_type=%ZZ', {}],
      ['POST', '/recover', {}],
      ['POST', '/resend', {}],
      ['POST', '/verify', {}],
      ['PUT', '/user', { token: session.access_token }],
      ['POST', '/logout?scope=%E0%A4%A', { token: session.access_token }],
      ['POST', '/admin/users', { service: true }],
      ['PUT', `/admin/users/${userId}`, { service: true }],
      ['DELETE', '/admin/users/%E0%A4%A', { service: true }],
    ];
    const failures: string[] = [];
    for (const [method, path, init] of routes) {
      for (const body of BODIES) {
        const answer = await call(path, { ...init, method, body });
        const label = `${method} ${path} ${(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 60)}`;
        if (answer.status >= 500) failures.push(`${label} → ${answer.status} ${JSON.stringify(answer.body)}`);
        else if (answer.status >= 400 && typeof answer.body.error_code !== 'string')
          failures.push(`${label} → ${answer.status} without error_code`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('when query values or path segments are not valid percent-encoding, then never a 5xx', async () => {
    const { session } = await signUpConfirmed();
    const gets = [
      '/verify?type=signup&token=%E0%A4%A&redirect_to=%ZZ',
      '/verify?type=%ZZ&token=abc',
      '/verify?type=signup&token[a]=b',
      '/admin/users/%E0%A4%A',
      '/admin/users/%00',
      '/admin/users?page=%ZZ',
      '/user?apikey=%ZZ',
    ];
    for (const path of gets) {
      const answer = await call(path, { service: path.startsWith('/admin'), token: session.access_token });
      expect(answer.status, path).toBeLessThan(500);
    }
    expectAuthError(await call('/admin/users/%E0%A4%A', { service: true }), 400, 'validation_failed');
  });
});

describe('password guessing', () => {
  const signIn = (email: string, password: string) => call('/token?grant_type=password', { body: { email, password } });

  it('when 30 wrong passwords are tried for one address, then the later ones get 429 and the window ends it', async () => {
    const { email } = await signUpConfirmed();
    const answers = [];
    for (let attempt = 0; attempt < 30; attempt++) answers.push(await signIn(email, `wrong-${attempt}`));
    for (const answer of answers.slice(0, PER_EMAIL)) expectAuthError(answer, 400, 'invalid_credentials');
    for (const answer of answers.slice(PER_EMAIL)) {
      expectAuthError(answer, 429, 'over_request_rate_limit');
      expect(answer.body.msg).toBe('Request rate limit reached');
    }
    // In the 2024-01-01 API shape too, as supabase-js reads it.
    const client = await stack.anonClient().auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(client.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // Somebody else is not held up by it.
    const other = await signUpConfirmed();
    expect((await signIn(other.email, PASSWORD)).status).toBe(200);

    // Once the window has passed (the clock moved on, no waiting), the right password works again.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + (WINDOW_SECONDS + 1) * 1000);
    const afterWindow = await signIn(email, PASSWORD);
    expect(afterWindow.status).toBe(200);
    expect(typeof afterWindow.body.access_token).toBe('string');
  });

  it('when the right password comes between wrong ones, then only the wrong ones count against the address', async () => {
    const { email } = await signUpConfirmed();
    const half = PER_EMAIL / 2;
    for (let attempt = 0; attempt < half; attempt++) expect((await signIn(email, 'wrong-password')).status).toBe(400);
    for (let attempt = 0; attempt < PER_EMAIL; attempt++) expect((await signIn(email, PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < half; attempt++) expect((await signIn(email, 'wrong-password')).status).toBe(400);
    expectAuthError(await signIn(email, PASSWORD), 429, 'over_request_rate_limit');
  });

  it('when an address asks for recovery e-mails over and over, then 429 over_email_send_rate_limit', async () => {
    const email = freshEmail('nobody');
    for (let request = 0; request < PER_EMAIL; request++)
      expect((await call('/recover', { body: { email } })).status).toBe(200);
    const refused = await call('/recover', { body: { email } });
    expectAuthError(refused, 429, 'over_email_send_rate_limit');
    expect(refused.body.msg).toBe('Email rate limit exceeded');
  });

  it('when e-mail codes are guessed, then the later guesses get 429', async () => {
    // No account, so no guess can be right by chance; the answer is the same 403 as for a wrong code.
    const email = freshEmail('otp');
    const guesses = [];
    for (let guess = 0; guess < PER_EMAIL + 2; guess++) {
      guesses.push(await call('/verify', { body: { type: 'email', email, token: String(guess).padStart(6, '0') } }));
    }
    expect(guesses.slice(0, PER_EMAIL).every((answer) => answer.status === 403)).toBe(true);
    for (const answer of guesses.slice(PER_EMAIL)) expectAuthError(answer, 429, 'over_request_rate_limit');
  });
});

describe('ended sessions and their access tokens', () => {
  it('when a refresh token is reused, then the newer access token of that session gets 403 session_not_found', async () => {
    const { session } = await signUpConfirmed();
    const rotated = await call('/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } });
    expect(rotated.status).toBe(200);
    const newer = rotated.body as { access_token: string; refresh_token: string };
    expect((await call('/user', { token: newer.access_token })).status).toBe(200);

    const reused = await call('/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } });
    expectAuthError(reused, 400, 'refresh_token_already_used');
    for (const token of [newer.access_token, session.access_token]) {
      const answer = await call('/user', { token });
      expectAuthError(answer, 403, 'session_not_found');
      expect(answer.body.msg).toBe('Session from session_id claim in JWT does not exist');
    }
    expectAuthError(
      await call('/token?grant_type=refresh_token', { body: { refresh_token: newer.refresh_token } }),
      400,
      'refresh_token_already_used',
    );
    // The user signs in again and carries on.
    expect(
      (await call('/token?grant_type=password', { body: { email: session.user.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('when a user signs out with each scope, then only the access tokens of the ended sessions are refused', async () => {
    const { email } = await signUpConfirmed();
    const devices = async (count: number) => {
      const sessions = [];
      for (let index = 0; index < count; index++) {
        const answer = await call('/token?grant_type=password', { body: { email, password: PASSWORD } });
        sessions.push(answer.body as { access_token: string });
      }
      return sessions.map((device) => device.access_token);
    };
    const status = async (token: string) => (await call('/user', { token })).status;

    const [laptop, phone] = await devices(2);
    expect((await call('/logout?scope=local', { method: 'POST', token: laptop! })).status).toBe(204);
    expectAuthError(await call('/user', { token: laptop! }), 403, 'session_not_found');
    expect(await status(phone!)).toBe(200);

    const [tablet] = await devices(1);
    expect((await call('/logout?scope=others', { method: 'POST', token: tablet! })).status).toBe(204);
    expect(await status(phone!)).toBe(403);
    expect(await status(tablet!)).toBe(200);

    const [desktop] = await devices(1);
    expect((await call('/logout?scope=global', { method: 'POST', token: desktop! })).status).toBe(204);
    for (const token of [tablet!, desktop!]) expectAuthError(await call('/user', { token }), 403, 'session_not_found');
  });
});

describe('JWTs spelled in non-canonical base64url', () => {
  it('when the signature has padding, standard-alphabet characters or stray trailing bits, then 403 bad_jwt', async () => {
    const { session } = await signUpConfirmed();
    const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
    expect((await call('/user', { token: session.access_token })).status).toBe(200);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 43 characters for 32 bytes: the last character's two low bits are unused.
    const last = alphabet.indexOf(signature.at(-1)!);
    const strayBits = signature.slice(0, -1) + alphabet[last ^ 1]!;
    const variants = [`${signature}=`, `${signature.replaceAll('-', '+').replaceAll('_', '/')}=`, strayBits];
    for (const variant of variants) {
      expect(isCanonicalBase64url(variant)).toBe(false);
      const answer = await call('/user', { token: `${header}.${payload}.${variant}` });
      expectAuthError(answer, 403, 'bad_jwt');
    }
    expectAuthError(await call('/user', { token: `${header}.${payload}=.${signature}` }), 403, 'bad_jwt');
    // PostgREST checks the same signature rules (and only those).
    const rest = await fetch(`${stack.url}/rest/v1/clinics?select=id`, {
      headers: { apikey: stack.config.anonKey, authorization: `Bearer ${header}.${payload}.${strayBits}` },
    });
    expect(rest.status).toBe(401);
  });
});

describe('guessing spread over many addresses from one client', () => {
  let small: TestStack;
  beforeAll(async () => {
    small = await startTestStack({ seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
  });
  afterAll(async () => {
    await small?.stop();
  });

  it('when one client fails for several addresses, then it is refused for every address until the window ends', async () => {
    const signIn = async (email: string) => {
      const response = await fetch(`${small.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: small.config.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    for (let index = 0; index < 3; index++) expectAuthError(await signIn(freshEmail()), 400, 'invalid_credentials');
    expectAuthError(await signIn(freshEmail()), 429, 'over_request_rate_limit');
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + (WINDOW_SECONDS + 1) * 1000);
    expectAuthError(await signIn(freshEmail()), 400, 'invalid_credentials');
  });
});

describe('guessing the token of an e-mail link', () => {
  let small: TestStack;
  beforeAll(async () => {
    small = await startTestStack({ seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
  });
  afterAll(async () => {
    await small?.stop();
  });

  it('when wrong link tokens come from one client, then the later ones are refused, by link and by token_hash', async () => {
    // sha224(address + six digits), as a link carries it: anyone who knows the address can make one.
    const guess = (digits: string) => createHash('sha224').update(`reception@clinic.test${digits}`).digest('hex');
    const openLink = async (digits: string) => {
      const response = await fetch(`${small.url}/auth/v1/verify?type=recovery&token=${guess(digits)}`, {
        redirect: 'manual',
      });
      return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1)).get('error_code');
    };
    for (const digits of ['000000', '000001', '000002']) expect(await openLink(digits)).toBe('otp_expired');
    expect(await openLink('000003')).toBe('over_request_rate_limit');
    const byHash = await fetch(`${small.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: small.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'recovery', token_hash: guess('000004') }),
    });
    expect(byHash.status).toBe(429);
  });
});
