import { AuthError } from './errors.ts';

/** What the stack's environment sets (AUTH_RATE_LIMIT_*), see local/config.ts. */
export interface AuthRateLimitConfig {
  /** Length of the fixed window, in seconds. */
  windowSeconds: number;
  /** Failed sign-ins (or failed code checks, or recovery requests) per e-mail address per window. */
  perEmail: number;
  /** The same, counted per client IP address per window. */
  perIp: number;
  /** Sign-up requests per client IP address per window, every one counted (GoTrue's sign-up limit). */
  signupsPerIp: number;
}

/** GoTrue's answer when a limiter keyed by the client refuses a request. */
export const requestRateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
/** GoTrue's answer when too many e-mails were asked for. */
export const emailSendRateLimited = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');

interface Window {
  startedAt: number;
  count: number;
}

/** Past this many keys, expired windows are swept out on the next hit, so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Fixed-window counters keyed by strings ("email:…", "ip:…"), in memory: a key that reached its
 * limit is refused until its window ends, then starts afresh. `now` is read on every call (a test
 * passes its own clock).
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The key's live window, if it has one. */
  private current(key: string, at: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && at - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** How often the key was counted in its current window. */
  count(key: string): number {
    return this.current(key, this.now())?.count ?? 0;
  }

  /** Whether the key has used up `limit` in its current window. */
  exhausted(key: string, limit: number): boolean {
    return this.count(key) >= limit;
  }

  /** Counts one hit against the key; returns the window it was counted in (for `unhit`). */
  hit(key: string): number {
    const at = this.now();
    const window = this.current(key, at);
    if (window) {
      window.count += 1;
      return window.startedAt;
    }
    if (this.windows.size >= SWEEP_THRESHOLD) this.sweep(at);
    this.windows.set(key, { startedAt: at, count: 1 });
    return at;
  }

  /** Takes back a hit, if the window it was counted in is still the key's current one. */
  unhit(key: string, windowStartedAt: number): void {
    const window = this.current(key, this.now());
    if (!window || window.startedAt !== windowStartedAt) return;
    window.count -= 1;
    if (window.count <= 0) this.windows.delete(key);
  }

  private sweep(at: number): void {
    for (const [key, window] of this.windows) {
      if (at - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }

  get size(): number {
    return this.windows.size;
  }
}

/**
 * The brakes on guessing, like GoTrue's rate limits: failed password sign-ins and failed e-mail
 * code checks are counted per e-mail address and per client IP; e-mail requests (recovery,
 * resend) are counted on every request. Successful sign-ins are not counted, so many staff
 * signing in from one clinic network are never held up by it. In memory, per process.
 */
export class AuthRateLimits {
  private readonly failures: FixedWindowLimiter;
  private readonly mails: FixedWindowLimiter;
  private readonly signups: FixedWindowLimiter;

  constructor(
    private readonly config: AuthRateLimitConfig,
    now?: () => number,
  ) {
    this.failures = new FixedWindowLimiter(config.windowSeconds * 1000, now);
    this.mails = new FixedWindowLimiter(config.windowSeconds * 1000, now);
    this.signups = new FixedWindowLimiter(config.windowSeconds * 1000, now);
  }

  /**
   * Counts a sign-in or code check before it is checked, refusing it when the address or the
   * client already failed too often (counted first, so parallel guesses cannot all slip through).
   * Call `succeeded` when it turns out right: only failures are kept. A link's token names no
   * address (null): it counts per client only.
   */
  beginAttempt(email: string | null, ip: string): { succeeded(): void } {
    const keys = email === null ? [`ip:${ip}`] : [`ip:${ip}`, `email:${normalized(email)}`];
    if (this.failures.exhausted(keys[0]!, this.config.perIp)) throw requestRateLimited();
    if (keys[1] !== undefined && this.failures.exhausted(keys[1], this.config.perEmail)) throw requestRateLimited();
    const started = keys.map((key) => this.failures.hit(key));
    return {
      succeeded: () => keys.forEach((key, index) => this.failures.unhit(key, started[index]!)),
    };
  }

  /** Counts a request for an e-mail (recovery, resend), refusing it when the address or client is over the limit. */
  takeMail(email: string, ip: string): void {
    if (this.mails.exhausted(`ip:${ip}`, this.config.perIp)) throw requestRateLimited();
    if (this.mails.exhausted(`email:${normalized(email)}`, this.config.perEmail)) throw emailSendRateLimited();
    this.mails.hit(`ip:${ip}`);
    this.mails.hit(`email:${normalized(email)}`);
  }

  /**
   * Counts a sign-up request from the client, refusing it when the client is over the limit.
   * Every request counts, whatever its outcome (GoTrue counts them the same way): each one let
   * through may make an account, a clinic and an e-mail, and whether it did must not decide
   * whether it counts. A refused one is not counted, so the window's end lets the client in again.
   */
  takeSignup(ip: string): void {
    if (this.signups.exhausted(`ip:${ip}`, this.config.signupsPerIp)) throw requestRateLimited();
    this.signups.hit(`ip:${ip}`);
  }
}

/** The address as a key; a longer one is no real address, and its first 255 characters are key enough. */
const normalized = (email: string) => email.trim().toLowerCase().slice(0, 255);
