import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AuthError } from './errors.ts';
import { AuthRateLimits, FixedWindowLimiter } from './rate-limit.ts';

const START = 1_800_000_000_000;
const config = { windowSeconds: 300, perEmail: 3, perIp: 5, signupsPerIp: 4 };

function clock() {
  let now = START;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function refusal(action: () => unknown): AuthError | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  return undefined;
}

describe('fixed windows', () => {
  it('counts hits per key until the window ends, then starts afresh', () => {
    const time = clock();
    const limiter = new FixedWindowLimiter(60_000, time.now);
    limiter.hit('a');
    limiter.hit('a');
    limiter.hit('b');
    expect(limiter.count('a')).toBe(2);
    expect(limiter.exhausted('a', 2)).toBe(true);
    time.advance(59_999);
    expect(limiter.count('a')).toBe(2);
    time.advance(1);
    expect(limiter.count('a')).toBe(0);
    expect(limiter.exhausted('a', 2)).toBe(false);
  });

  it('takes a hit back only within the window it was counted in', () => {
    const time = clock();
    const limiter = new FixedWindowLimiter(60_000, time.now);
    const first = limiter.hit('a');
    limiter.hit('a');
    limiter.unhit('a', first);
    expect(limiter.count('a')).toBe(1);
    time.advance(60_000);
    const fresh = limiter.hit('a');
    limiter.unhit('a', first);
    expect(limiter.count('a')).toBe(1);
    limiter.unhit('a', fresh);
    expect(limiter.count('a')).toBe(0);
    expect(limiter.size).toBe(0);
  });

  it('sweeps expired windows once it holds many keys', () => {
    const time = clock();
    const limiter = new FixedWindowLimiter(1000, time.now);
    for (let i = 0; i < 10_000; i++) limiter.hit(`k${i}`);
    time.advance(1000);
    limiter.hit('new');
    expect(limiter.size).toBe(1);
  });
});

describe('auth rate limits', () => {
  it('refuses an address after its failures, whatever the case, and not another address', () => {
    const time = clock();
    const limits = new AuthRateLimits(config, time.now);
    for (let i = 0; i < 3; i++) limits.beginAttempt('Ana@Example.test', '10.0.0.1');
    expect(refusal(() => limits.beginAttempt(' ana@example.test', '10.0.0.2'))).toMatchObject({
      status: 429,
      errorCode: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(refusal(() => limits.beginAttempt('ben@example.test', '10.0.0.2'))).toBeUndefined();
    time.advance(300_000);
    expect(refusal(() => limits.beginAttempt('ana@example.test', '10.0.0.1'))).toBeUndefined();
  });

  it('does not count attempts that succeed', () => {
    const limits = new AuthRateLimits(config, clock().now);
    for (let i = 0; i < 20; i++) limits.beginAttempt('ana@example.test', '10.0.0.1').succeeded();
    expect(refusal(() => limits.beginAttempt('ana@example.test', '10.0.0.1'))).toBeUndefined();
  });

  it('refuses a client after failures spread over many addresses', () => {
    const limits = new AuthRateLimits(config, clock().now);
    for (let i = 0; i < 5; i++) limits.beginAttempt(`user${i}@example.test`, '10.0.0.1');
    expect(refusal(() => limits.beginAttempt('new@example.test', '10.0.0.1'))?.status).toBe(429);
    expect(refusal(() => limits.beginAttempt('new@example.test', '10.0.0.9'))).toBeUndefined();
  });

  it('counts every e-mail request, per address (over_email_send_rate_limit) and per client', () => {
    const limits = new AuthRateLimits(config, clock().now);
    for (let i = 0; i < 3; i++) limits.takeMail('ana@example.test', '10.0.0.1');
    expect(refusal(() => limits.takeMail('ana@example.test', '10.0.0.1'))).toMatchObject({
      status: 429,
      errorCode: 'over_email_send_rate_limit',
      message: 'Email rate limit exceeded',
    });
    // The refused request is not counted: the client has had 3 of its 5.
    limits.takeMail('ben@example.test', '10.0.0.1');
    limits.takeMail('cy@example.test', '10.0.0.1');
    expect(refusal(() => limits.takeMail('dan@example.test', '10.0.0.1'))?.errorCode).toBe('over_request_rate_limit');
  });
});

describe('sign-up limit', () => {
  it('counts every sign-up request per client and refuses the one past the limit until the window ends', () => {
    const time = clock();
    const limits = new AuthRateLimits(config, time.now);
    for (let i = 0; i < 4; i++) expect(refusal(() => limits.takeSignup('10.0.0.1'))).toBeUndefined();
    expect(refusal(() => limits.takeSignup('10.0.0.1'))).toMatchObject({
      status: 429,
      errorCode: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // Refusals are not counted, other clients are not held up, and the window's end lets it in again.
    expect(refusal(() => limits.takeSignup('10.0.0.1'))?.status).toBe(429);
    expect(refusal(() => limits.takeSignup('10.0.0.2'))).toBeUndefined();
    time.advance(300_000);
    expect(refusal(() => limits.takeSignup('10.0.0.1'))).toBeUndefined();
  });

  it('is counted apart from failed sign-ins and e-mail requests', () => {
    const limits = new AuthRateLimits(config, clock().now);
    for (let i = 0; i < 4; i++) limits.takeSignup('10.0.0.1');
    expect(refusal(() => limits.beginAttempt('ana@example.test', '10.0.0.1'))).toBeUndefined();
    expect(refusal(() => limits.takeMail('ana@example.test', '10.0.0.1'))).toBeUndefined();
  });
});

describe('AUTH_RATE_LIMIT_* settings', () => {
  it('defaults to 10 per address and 100 per client in 5 minutes; empty is unset', () => {
    const expected = { windowSeconds: 300, perEmail: 10, perIp: 100, signupsPerIp: 100 };
    expect(loadConfig({}).authRateLimit).toEqual(expected);
    expect(
      loadConfig({ AUTH_RATE_LIMIT_WINDOW_SECONDS: '', AUTH_RATE_LIMIT_PER_EMAIL: ' ', AUTH_RATE_LIMIT_PER_IP: '' })
        .authRateLimit,
    ).toEqual(expected);
    expect(
      loadConfig({
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
        AUTH_RATE_LIMIT_PER_EMAIL: '5',
        AUTH_RATE_LIMIT_PER_IP: '1000',
      }).authRateLimit,
    ).toEqual({ windowSeconds: 60, perEmail: 5, perIp: 1000, signupsPerIp: 100 });
  });

  it('lets 10 sign-ups per client through in production and 100 in development, unless set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-characters' };
    expect(loadConfig(production).authRateLimit.signupsPerIp).toBe(10);
    expect(loadConfig({ ...production, AUTH_RATE_LIMIT_SIGNUPS_PER_IP: ' ' }).authRateLimit.signupsPerIp).toBe(10);
    expect(loadConfig({}).authRateLimit.signupsPerIp).toBe(100);
    expect(loadConfig({ NODE_ENV: 'development' }).authRateLimit.signupsPerIp).toBe(100);
    expect(loadConfig({ ...production, AUTH_RATE_LIMIT_SIGNUPS_PER_IP: '3' }).authRateLimit.signupsPerIp).toBe(3);
    expect(loadConfig({ AUTH_RATE_LIMIT_SIGNUPS_PER_IP: '1000' }).authRateLimit.signupsPerIp).toBe(1000);
  });

  it('names every bad value at once', () => {
    expect(() =>
      loadConfig({
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '0',
        AUTH_RATE_LIMIT_PER_EMAIL: 'ten',
        AUTH_RATE_LIMIT_PER_IP: '-1',
        AUTH_RATE_LIMIT_SIGNUPS_PER_IP: '1.5',
      }),
    ).toThrow(
      [
        'AUTH_RATE_LIMIT_WINDOW_SECONDS must be a whole number from 1 up, got "0"',
        'AUTH_RATE_LIMIT_PER_EMAIL must be a whole number from 1 up, got "ten"',
        'AUTH_RATE_LIMIT_PER_IP must be a whole number from 1 up, got "-1"',
        'AUTH_RATE_LIMIT_SIGNUPS_PER_IP must be a whole number from 1 up, got "1.5"',
      ].join('\n'),
    );
  });
});
