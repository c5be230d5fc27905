/**
 * Sign-up floods, over real HTTP: a burst of sign-ups from one client is throttled per client
 * with GoTrue's 429 `over_request_rate_limit`, before any account, clinic or e-mail is made. In
 * production 10 get through per window; in development 100 (the test stacks and the browser suite
 * sign up many clinics from one address), and AUTH_RATE_LIMIT_SIGNUPS_PER_IP sets either.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNUPS_PER_IP_DEFAULT } from '../../../local/config.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  META_APP_SECRET: 'a-real-looking-app-secret',
  META_VERIFY_TOKEN: 'a-fresh-verify-token',
};
const WINDOW_SECONDS = 300;
/** What the finding sent from one client: every one of them made an account, a clinic and an e-mail. */
const BURST = 25;

const freshEmail = () => `flood-${randomUUID().slice(0, 8)}@example.test`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** POST /auth/v1/signup with the anon key, as supabase-js sends it. */
async function signUp(stack: TestStack, body: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.config.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const newClinic = () => ({
  email: freshEmail(),
  password: 'Sup3r-secret',
  data: { name: 'Dr. Flood', clinic_name: `Clinic ${randomUUID().slice(0, 6)}` },
});

/** The burst of the finding: BURST sign-ups of new clinics at once from one client. */
const burst = (stack: TestStack) => Promise.all(Array.from({ length: BURST }, () => signUp(stack, newClinic())));

function expectRateLimited(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body).toMatchObject({
    code: 429,
    error_code: 'over_request_rate_limit',
    msg: 'Request rate limit reached',
  });
}

async function clinicCount(stack: TestStack): Promise<number> {
  const { count, error } = await stack.serviceClient().from('clinics').select('*', { count: 'exact', head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}

function mailCount(stack: TestStack): number {
  return stack.mailbox.list().length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sign-up floods in production', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { ...PRODUCTION, SEED_DEMO_DATA: 'false' } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('when one client sends 25 sign-ups in a burst, then 10 make a clinic and the rest get 429 and make nothing', async () => {
    const allowed = SIGNUPS_PER_IP_DEFAULT.production;
    const clinicsBefore = await clinicCount(stack);
    const mailsBefore = mailCount(stack);

    const answers = await burst(stack);

    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted).toHaveLength(allowed);
    expect(refused).toHaveLength(BURST - allowed);
    refused.forEach(expectRateLimited);
    expect(await clinicCount(stack)).toBe(clinicsBefore + allowed);
    expect(mailCount(stack)).toBe(mailsBefore + allowed);

    // supabase-js reports it as GoTrue's rate-limit error, which the Sign Up page explains.
    const { data, error } = await stack.anonClient().auth.signUp({
      email: freshEmail(),
      password: 'Sup3r-secret',
      options: { data: newClinic().data },
    });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    // Any request counts, even one that is refused for its input: the flood cannot pick what counts.
    expectRateLimited(await signUp(stack, { email: freshEmail(), password: '' }));
    expect(await clinicCount(stack)).toBe(clinicsBefore + allowed);

    // The window's end lets the client sign up again.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + (WINDOW_SECONDS + 1) * 1000);
    expect((await signUp(stack, newClinic())).status).toBe(200);
    expect(await clinicCount(stack)).toBe(clinicsBefore + allowed + 1);
  });
});

describe('sign-ups in development', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ seed: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('when the test suites sign up clinics from one address, then a burst of 25 gets through, and the 101st is refused', async () => {
    const allowed = SIGNUPS_PER_IP_DEFAULT.development;
    const clinicsBefore = await clinicCount(stack);

    const answers = await burst(stack);
    expect(answers.map((answer) => answer.status)).toEqual(Array(BURST).fill(200));
    expect(await clinicCount(stack)).toBe(clinicsBefore + BURST);

    // Up to the limit with requests that are refused for their input (cheap: no hash, no account).
    for (let sent = BURST; sent < allowed; sent++) {
      expect((await signUp(stack, { email: freshEmail(), password: '' })).status).toBe(422);
    }
    expectRateLimited(await signUp(stack, newClinic()));
    expect(await clinicCount(stack)).toBe(clinicsBefore + BURST);
  });
});

describe('AUTH_RATE_LIMIT_SIGNUPS_PER_IP', () => {
  it('when AUTH_RATE_LIMIT_SIGNUPS_PER_IP is set, then that many get through', async () => {
    const strict = await startTestStack({ seed: false, env: { AUTH_RATE_LIMIT_SIGNUPS_PER_IP: '2' } });
    try {
      expect((await signUp(strict, newClinic())).status).toBe(200);
      expect((await signUp(strict, newClinic())).status).toBe(200);
      expectRateLimited(await signUp(strict, newClinic()));
      expect(await clinicCount(strict)).toBe(2);
    } finally {
      await strict.stop();
    }
  });
});
