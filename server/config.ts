import { z } from 'zod';

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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A variable's value; unset and blank are the same (an empty line in an env file). */
const envText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const required = (name: string, what: string) =>
  z.preprocess(envText, z.string({ error: `${name} is required: ${what}` }));

const httpUrl = (name: string, what: string, fallback?: string) =>
  z.preprocess(
    (value) => envText(value) ?? fallback,
    z
      .string({ error: `${name} is required: ${what}` })
      .refine(isHttpUrl, { error: (issue) => `${name} must be an absolute http(s) URL, got "${String(issue.input)}"` })
      .transform(withoutTrailingSlash),
  );

const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  z.preprocess(
    envText,
    z
      .string()
      .refine((text) => /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max, {
        error: (issue) => `${name} must be a whole number from ${min} to ${max}, got "${String(issue.input)}"`,
      })
      .transform(Number)
      .default(fallback),
  );

const describeChoice = (values: readonly string[]) =>
  values.length === 2 ? `${values[0]} or ${values[1]}` : `one of ${values.join(', ')}`;

const oneOf = <const Values extends readonly [string, ...string[]]>(
  name: string,
  values: Values,
  fallback: Values[number],
) =>
  z.preprocess(
    (value) => envText(value)?.toLowerCase() ?? fallback,
    z.enum(values, { error: (issue) => `${name} must be ${describeChoice(values)}, got "${String(issue.input)}"` }),
  );

const ORIGIN = /^https?:\/\/[^/\s]+$/;

const corsOrigins = z.preprocess(
  envText,
  z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => withoutTrailingSlash(origin.trim()))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().superRefine((origin, ctx) => {
          if (origin === '*') ctx.addIssue({ code: 'custom', message: 'CORS_ORIGINS must list origins, not "*"' });
          else if (!ORIGIN.test(origin))
            ctx.addIssue({
              code: 'custom',
              message: `CORS_ORIGINS must be origins like https://app.example.com, got "${origin}"`,
            });
        }),
      ),
    ),
);

/**
 * The service's environment (docs/messenger.md), in the order its problems are reported. CORS_ORIGINS
 * defaults to SITE_URL, so it is filled in before the variables are read one by one.
 */
const serviceEnvSchema = z.preprocess(
  (env) => {
    const vars = (env ?? {}) as Record<string, unknown>;
    return { ...vars, CORS_ORIGINS: envText(vars.CORS_ORIGINS) ?? vars.SITE_URL };
  },
  z
    .object({
      PORT: wholeNumber('PORT', 8787, 0, 65535),
      SITE_URL: httpUrl('SITE_URL', "the web app's URL (the OAuth popup links back to it)"),
      PUBLIC_URL: httpUrl(
        'PUBLIC_URL',
        "this service's public URL (Facebook redirects to PUBLIC_URL/api/facebook/callback)",
      ),
      CORS_ORIGINS: corsOrigins,
      JWT_SECRET: required('JWT_SECRET', "the Supabase project's JWT secret (verifies staff access tokens)").pipe(
        z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters long' }),
      ),
      META_GRAPH_URL: httpUrl('META_GRAPH_URL', 'Graph API', DEFAULT_META_GRAPH_URL),
      META_OAUTH_DIALOG_URL: httpUrl('META_OAUTH_DIALOG_URL', 'Facebook Login dialog', DEFAULT_META_OAUTH_DIALOG_URL),
      META_APP_ID: required('META_APP_ID', "the Facebook app's id").pipe(
        z
          .string()
          .regex(/^\d{1,30}$/, { error: (issue) => `META_APP_ID must be digits, got "${String(issue.input)}"` }),
      ),
      META_APP_SECRET: required('META_APP_SECRET', "the Facebook app's secret (checks webhook signatures)"),
      META_VERIFY_TOKEN: required('META_VERIFY_TOKEN', 'the webhook verify token set in the Facebook app'),
      META_TIMEOUT_MS: wholeNumber('META_TIMEOUT_MS', 5000, 100, 30_000),
      REDIS_URL: z.preprocess(
        envText,
        z
          .string()
          .regex(/^rediss?:\/\/\S+$/, {
            error: (issue) => `REDIS_URL must be a redis:// or rediss:// URL, got "${String(issue.input)}"`,
          })
          .nullable()
          .default(null),
      ),
      REMINDER_INTERVAL_MS: wholeNumber('REMINDER_INTERVAL_MS', 60_000, 1000, 3_600_000),
      REMINDER_SCHEDULER: oneOf('REMINDER_SCHEDULER', ['on', 'off'], 'on'),
      LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
      RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE', DEFAULT_RATE_LIMITS.requestsPerMinute, 1, 100_000),
      REMINDER_RATE_LIMIT_PER_MINUTE: wholeNumber(
        'REMINDER_RATE_LIMIT_PER_MINUTE',
        DEFAULT_RATE_LIMITS.remindersPerMinute,
        1,
        10_000,
      ),
      TRUST_PROXY: wholeNumber('TRUST_PROXY', 0, 0, 10),
    })
    .transform((env): ServiceConfig => ({
      port: env.PORT,
      corsOrigins: env.CORS_ORIGINS,
      publicUrl: env.PUBLIC_URL,
      siteUrl: env.SITE_URL,
      jwtSecret: env.JWT_SECRET,
      metaGraphUrl: env.META_GRAPH_URL,
      metaOauthDialogUrl: env.META_OAUTH_DIALOG_URL,
      metaAppId: env.META_APP_ID,
      metaAppSecret: env.META_APP_SECRET,
      metaVerifyToken: env.META_VERIFY_TOKEN,
      metaTimeoutMs: env.META_TIMEOUT_MS,
      redisUrl: env.REDIS_URL,
      reminderIntervalMs: env.REMINDER_INTERVAL_MS,
      logLevel: env.LOG_LEVEL,
      reminderSchedulerEnabled: env.REMINDER_SCHEDULER === 'on',
      rateLimits: {
        requestsPerMinute: env.RATE_LIMIT_PER_MINUTE,
        remindersPerMinute: env.REMINDER_RATE_LIMIT_PER_MINUTE,
      },
      trustProxy: env.TRUST_PROXY,
    })),
);

/** Every issue of a failed parse as one line, in the order the variables are read. */
const problemsOf = (error: z.ZodError) => error.issues.map((issue) => issue.message);

/**
 * Reads the service's settings from `env` (see docs/messenger.md for the list). Throws a
 * ServiceConfigError naming every missing or bad variable; never returns a half-valid config.
 */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const parsed = serviceEnvSchema.safeParse(env);
  if (!parsed.success) throw new ServiceConfigError(problemsOf(parsed.error));
  return parsed.data;
}

const databaseUrlSchema = z.preprocess(
  envText,
  z
    .string({ error: 'DATABASE_URL is required: a Postgres connection string of the clinic database (service role)' })
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must be a postgres:// or postgresql:// URL' }),
);

/**
 * DATABASE_URL of `npm run server` (the local stack opens its own database): a connection string
 * whose role bypasses RLS. Throws a ServiceConfigError saying what is wrong.
 */
export function loadServiceDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const parsed = databaseUrlSchema.safeParse(env.DATABASE_URL);
  if (!parsed.success) throw new ServiceConfigError(problemsOf(parsed.error));
  return parsed.data;
}
