// CONTRACT of the configuration (the service-core helper implements loadServiceConfig here).

/** The service's settings, validated at start (every problem reported on its own line). */
export interface ServiceConfig {
  /** Port of `npm run server` (ignored when mounted in the local stack). */
  port: number;
  /** Origins allowed by CORS: the SPA's origin(s). */
  corsOrigins: string[];
  /** Public base URL of this service (OAuth redirect_uri is `${publicUrl}/api/facebook/callback`). */
  publicUrl: string;
  /** Where the SPA is served (the OAuth popup's last page links back to it). */
  siteUrl: string;
  /** Supabase JWT secret (HS256): verifies staff access tokens. */
  jwtSecret: string;
  /** Graph API base, e.g. https://graph.facebook.com/v21.0 (local: the Meta stand-in). */
  metaGraphUrl: string;
  /** Facebook Login dialog base, e.g. https://www.facebook.com/v21.0/dialog/oauth (local: the stand-in). */
  metaOauthDialogUrl: string;
  metaAppId: string;
  /** Signs webhook bodies (X-Hub-Signature-256) and, HMAC'd, the OAuth state. */
  metaAppSecret: string;
  /** Echoed back by GET /webhook verification. */
  metaVerifyToken: string;
  /** Meta requests give up after this long (staff never wait more than a few seconds). */
  metaTimeoutMs: number;
  /** Optional: socket.io Redis adapter for several instances. */
  redisUrl: string | null;
  /** How often the reminder scheduler looks for due reminders. */
  reminderIntervalMs: number;
  logLevel: string;
  /** false: the automated-reminder scheduler is not started (tests that drive it by hand). Default true. */
  reminderSchedulerEnabled?: boolean;
  /** Requests per minute per client IP on the staff endpoints, and manual reminders per minute per caller. */
  rateLimits?: { requestsPerMinute: number; remindersPerMinute: number };
  /** Express `trust proxy` (hops) when the service runs behind a load balancer; default 0 (trust nothing). */
  trustProxy?: number;
}

export const DEFAULT_META_GRAPH_URL = 'https://graph.facebook.com/v21.0';
export const DEFAULT_META_OAUTH_DIALOG_URL = 'https://www.facebook.com/v21.0/dialog/oauth';
export const DEFAULT_RATE_LIMITS = { requestsPerMinute: 300, remindersPerMinute: 20 } as const;

/** Every problem of the environment, one per line (`problems`), so an operator fixes them all at once. */
export class ServiceConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ServiceConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Reads the service's settings from `env` (see docs/messenger.md for the list). Throws a
 * ServiceConfigError naming every missing or bad variable; never returns a half-valid config.
 */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const required = (name: string, what: string): string => {
    const value = text(name);
    if (value === undefined) problems.push(`${name} is required: ${what}`);
    return value ?? '';
  };
  const absoluteUrl = (name: string, value: string | undefined, what: string): string => {
    if (value === undefined) {
      problems.push(`${name} is required: ${what}`);
      return '';
    }
    try {
      const url = new URL(value);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    } catch {
      problems.push(`${name} must be an absolute http(s) URL, got "${value}"`);
    }
    return value.replace(/\/+$/, '');
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${env[name]}"`);
      return fallback;
    }
    return value;
  };

  const port = integer('PORT', 8787, 0, 65535);
  const siteUrl = absoluteUrl('SITE_URL', text('SITE_URL'), "the web app's URL (the OAuth popup links back to it)");
  const publicUrl = absoluteUrl(
    'PUBLIC_URL',
    text('PUBLIC_URL'),
    "this service's public URL (Facebook redirects to PUBLIC_URL/api/facebook/callback)",
  );
  const corsOrigins = (text('CORS_ORIGINS') ?? siteUrl)
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (origin === '*') problems.push('CORS_ORIGINS must list origins, not "*"');
    else if (!/^https?:\/\/[^/\s]+$/.test(origin))
      problems.push(`CORS_ORIGINS must be origins like https://app.example.com, got "${origin}"`);
  }
  const jwtSecret = required('JWT_SECRET', "the Supabase project's JWT secret (verifies staff access tokens)");
  if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  const metaGraphUrl = absoluteUrl('META_GRAPH_URL', text('META_GRAPH_URL') ?? DEFAULT_META_GRAPH_URL, 'Graph API');
  const metaOauthDialogUrl = absoluteUrl(
    'META_OAUTH_DIALOG_URL',
    text('META_OAUTH_DIALOG_URL') ?? DEFAULT_META_OAUTH_DIALOG_URL,
    'Facebook Login dialog',
  );
  const metaAppId = required('META_APP_ID', "the Facebook app's id");
  if (metaAppId && !/^\d{1,30}$/.test(metaAppId)) problems.push(`META_APP_ID must be digits, got "${metaAppId}"`);
  const metaAppSecret = required('META_APP_SECRET', "the Facebook app's secret (checks webhook signatures)");
  const metaVerifyToken = required('META_VERIFY_TOKEN', 'the webhook verify token set in the Facebook app');
  const metaTimeoutMs = integer('META_TIMEOUT_MS', 5000, 100, 30_000);
  const redisText = text('REDIS_URL');
  let redisUrl: string | null = null;
  if (redisText !== undefined) {
    if (/^rediss?:\/\/\S+$/.test(redisText)) redisUrl = redisText;
    else problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisText}"`);
  }
  const reminderIntervalMs = integer('REMINDER_INTERVAL_MS', 60_000, 1000, 3_600_000);
  const schedulerSetting = (text('REMINDER_SCHEDULER') ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(schedulerSetting))
    problems.push(`REMINDER_SCHEDULER must be on or off, got "${schedulerSetting}"`);
  const logLevel = (text('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const rateLimits = {
    requestsPerMinute: integer('RATE_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.requestsPerMinute, 1, 100_000),
    remindersPerMinute: integer('REMINDER_RATE_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.remindersPerMinute, 1, 10_000),
  };
  const trustProxy = integer('TRUST_PROXY', 0, 0, 10);

  if (problems.length > 0) throw new ServiceConfigError(problems);
  return {
    port,
    corsOrigins,
    publicUrl,
    siteUrl,
    jwtSecret,
    metaGraphUrl,
    metaOauthDialogUrl,
    metaAppId,
    metaAppSecret,
    metaVerifyToken,
    metaTimeoutMs,
    redisUrl,
    reminderIntervalMs,
    logLevel,
    reminderSchedulerEnabled: schedulerSetting === 'on',
    rateLimits,
    trustProxy,
  };
}
