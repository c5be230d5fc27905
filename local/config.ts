import path from 'node:path';
import { z } from 'zod';
import { loadServiceConfig, ServiceConfigError, type ServiceConfig } from '../server/config.ts';
import { repoRoot } from './db/migrate.ts';
import { signJwt } from './gateway/jwt.ts';
import { STAND_IN_GRAPH_VERSION } from './meta/state.ts';

/**
 * The well-known development secret of the Supabase CLI. Anyone can sign tokens with it,
 * so the stack refuses to start with it when NODE_ENV=production.
 */
export const DEVELOPMENT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface StackConfig {
  port: number;
  host: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  seedDemoData: boolean;
  production: boolean;
  logLevel: string;
  /** Where the JSON log lines go: this file (appended) when set, else stderr. */
  logFile: string | undefined;
  /** Brakes on password and code guessing, and on sign-up floods, at /auth/v1 (AUTH_RATE_LIMIT_*). */
  authRateLimit: { windowSeconds: number; perEmail: number; perIp: number; signupsPerIp: number };
  /** Bounds on every /rest/v1 request, as hosted Supabase has them (REST_*). */
  restLimits: RestLimits;
}

export interface RestLimits {
  /** Per role, in ms; 0: none. Hosted: 3 s anon, 8 s authenticated (and the API's 8 s for the rest). */
  statementTimeoutMs: Record<'anon' | 'authenticated' | 'service_role', number>;
  /** PostgREST's db-max-rows (hosted: 1,000): the most rows a read or a function answers; more are cut, not refused. */
  maxRows: number;
  /** How many levels of embedded resources one select may nest. */
  maxEmbedDepth: number;
  /** The largest response body, in bytes, before compression. */
  maxResponseBytes: number;
}

/** Every problem of the environment, one per line of `message`, so an operator fixes them all at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Keys shaped like Supabase's legacy API keys: long-lived JWTs carrying only a role. */
export function apiKeysFor(jwtSecret: string) {
  const claims = (role: string) => ({ iss: 'supabase-demo', role, exp: 1983812996 });
  return { anonKey: signJwt(claims('anon'), jwtSecret), serviceRoleKey: signJwt(claims('service_role'), jwtSecret) };
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** A whole number from 1 up; unset or empty is undefined. */
const optionalPositiveIntegerEnv = (name: string) =>
  z
    .string()
    .optional()
    .refine((text) => !text?.trim() || (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 1e9), {
      error: (issue) => `${name} must be a whole number from 1 up, got "${String(issue.input)}"`,
    })
    .transform((text) => (text?.trim() ? Number(text) : undefined));

/** A whole number from 1 up; unset or empty takes the default. */
const positiveIntegerEnv = (name: string, fallback: number) =>
  optionalPositiveIntegerEnv(name).transform((value) => value ?? fallback);

/**
 * Sign-ups allowed per client address per window when AUTH_RATE_LIMIT_SIGNUPS_PER_IP is unset.
 * Each sign-up makes an account, a clinic and an e-mail, and a clinic signs up once: production
 * lets a few through (a typo, a second clinic) and stops a burst. In development, `npm start`,
 * the test stacks and the browser suite sign up many clinics from 127.0.0.1 on purpose.
 */
export const SIGNUPS_PER_IP_DEFAULT = { production: 10, development: 100 } as const;

/** A whole number from 0 up (0 turns the bound off); unset or empty takes the default. */
const nonNegativeIntegerEnv = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .refine((text) => !text?.trim() || (/^\d+$/.test(text.trim()) && Number(text) <= 1e9), {
      error: (issue) => `${name} must be a whole number from 0 up, got "${String(issue.input)}"`,
    })
    .transform((text) => (text?.trim() ? Number(text) : fallback));

/**
 * The stack's environment, in the order its problems are reported. Unlike the service's, an unset
 * variable takes the development default: `npm start` must work on a fresh clone with nothing set.
 */
const stackEnvSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PORT: z
      .string()
      .default('8080')
      .refine((text) => Number.isInteger(Number(text)) && Number(text) >= 0 && Number(text) <= 65535, {
        error: (issue) => `PORT must be a port number, got "${String(issue.input)}"`,
      })
      .transform(Number),
    JWT_SECRET: z
      .string()
      .default(DEVELOPMENT_JWT_SECRET)
      .refine((secret) => secret.length >= 32, { error: 'JWT_SECRET must be at least 32 characters long' }),
    HOST: z.string().default('127.0.0.1'),
    SITE_URL: z
      .string()
      .transform(withoutTrailingSlash)
      .refine(isAbsoluteUrl, { error: (issue) => `SITE_URL must be an absolute URL, got "${String(issue.input)}"` })
      .optional(),
    ADDITIONAL_REDIRECT_URLS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      ),
    // Unset: the demo data in development, none in production (only when asked for explicitly).
    SEED_DEMO_DATA: z
      .string()
      .transform((value) => value.trim().toLowerCase() || undefined)
      .pipe(z.enum(['true', 'false'], { error: 'SEED_DEMO_DATA must be true or false' }).optional())
      .optional(),
    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().default('.data'),
    LOG_LEVEL: z.string().default('info'),
    LOG_FILE: z.string().optional(),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveIntegerEnv('AUTH_RATE_LIMIT_WINDOW_SECONDS', 300),
    AUTH_RATE_LIMIT_PER_EMAIL: positiveIntegerEnv('AUTH_RATE_LIMIT_PER_EMAIL', 10),
    AUTH_RATE_LIMIT_PER_IP: positiveIntegerEnv('AUTH_RATE_LIMIT_PER_IP', 100),
    REST_STATEMENT_TIMEOUT_ANON_MS: nonNegativeIntegerEnv('REST_STATEMENT_TIMEOUT_ANON_MS', 3000),
    REST_STATEMENT_TIMEOUT_AUTHENTICATED_MS: nonNegativeIntegerEnv('REST_STATEMENT_TIMEOUT_AUTHENTICATED_MS', 8000),
    REST_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: nonNegativeIntegerEnv('REST_STATEMENT_TIMEOUT_SERVICE_ROLE_MS', 8000),
    REST_MAX_ROWS: positiveIntegerEnv('REST_MAX_ROWS', 1000),
    REST_MAX_EMBED_DEPTH: positiveIntegerEnv('REST_MAX_EMBED_DEPTH', 1),
    REST_MAX_RESPONSE_BYTES: positiveIntegerEnv('REST_MAX_RESPONSE_BYTES', 10 * 1024 * 1024),
    AUTH_RATE_LIMIT_SIGNUPS_PER_IP: optionalPositiveIntegerEnv('AUTH_RATE_LIMIT_SIGNUPS_PER_IP'),
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.JWT_SECRET !== DEVELOPMENT_JWT_SECRET, {
    error: 'JWT_SECRET is the public development secret; set a secret of your own when NODE_ENV=production',
    // Checked even when another variable is bad, so every problem is reported at once.
    when: () => true,
  })
  .transform((env): StackConfig => ({
    port: env.PORT,
    host: env.HOST,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    additionalRedirectUrls: env.ADDITIONAL_REDIRECT_URLS,
    dataDir: env.DATABASE_URL ? undefined : path.resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET,
    ...apiKeysFor(env.JWT_SECRET),
    seedDemoData: (env.SEED_DEMO_DATA ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL,
    logFile: env.LOG_FILE?.trim() || undefined,
    authRateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      signupsPerIp:
        env.AUTH_RATE_LIMIT_SIGNUPS_PER_IP ??
        SIGNUPS_PER_IP_DEFAULT[env.NODE_ENV === 'production' ? 'production' : 'development'],
    },
    restLimits: {
      statementTimeoutMs: {
        anon: env.REST_STATEMENT_TIMEOUT_ANON_MS,
        authenticated: env.REST_STATEMENT_TIMEOUT_AUTHENTICATED_MS,
        service_role: env.REST_STATEMENT_TIMEOUT_SERVICE_ROLE_MS,
      },
      maxRows: env.REST_MAX_ROWS,
      maxEmbedDepth: env.REST_MAX_EMBED_DEPTH,
      maxResponseBytes: env.REST_MAX_RESPONSE_BYTES,
    },
  }));

const problemsOf = (error: z.ZodError) => error.issues.map((issue) => issue.message);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const parsed = stackEnvSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error));
  return parsed.data;
}

/**
 * Development defaults of the Facebook app the local stack pretends to be (the Meta stand-in
 * accepts them). Public, like the JWT secret: refused when NODE_ENV=production.
 */
export const LOCAL_META_APP = {
  appId: '1000000000000900',
  appSecret: 'ngiti-local-meta-app-secret-for-development-only',
  verifyToken: 'ngiti-local-webhook-verify-token',
} as const;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the SPA served by the stack itself may have: SITE_URL's, and when that is a loopback
 * address, the same port under every loopback name (the app opened at 127.0.0.1 instead of
 * localhost must reach the service too).
 */
export function ownOrigins(siteUrl: string): string[] {
  const site = new URL(siteUrl);
  if (!LOOPBACK_NAMES.includes(site.hostname)) return [site.origin];
  const others = LOOPBACK_NAMES.filter((name) => name !== site.hostname).map((name) => {
    const origin = new URL(site.origin);
    origin.hostname = name;
    return origin.origin;
  });
  return [site.origin, ...others];
}

/**
 * The notification service's settings inside the local stack: everything on the stack's own
 * origin (the Meta stand-in at /_meta), the stack's JWT secret, dev defaults for the Facebook app;
 * each overridable by the same variables as `npm run server` (docs/messenger.md).
 *
 * `internalUrl` is where the stack itself listens: the service calls the stand-in's Graph API and
 * the stand-in posts webhooks there (server to server). The browser-facing URLs (OAuth dialog,
 * redirect_uri, CORS) follow SITE_URL.
 */
export function loadLocalServiceConfig(
  stack: StackConfig,
  internalUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): ServiceConfig {
  const problems: string[] = [];
  if (stack.production && (env.META_APP_SECRET || LOCAL_META_APP.appSecret) === LOCAL_META_APP.appSecret)
    problems.push('META_APP_SECRET is the public development secret; set the app secret when NODE_ENV=production');
  if (stack.production && (env.META_VERIFY_TOKEN || LOCAL_META_APP.verifyToken) === LOCAL_META_APP.verifyToken)
    problems.push(
      'META_VERIFY_TOKEN is the public development verify token; set the token of your Facebook app when NODE_ENV=production',
    );
  // In production the Meta stand-in is not mounted: unset Meta URLs take the service's defaults (Facebook's).
  const standIn = (url: string) => (stack.production ? undefined : url);
  const serviceEnv: NodeJS.ProcessEnv = {
    PORT: '0',
    SITE_URL: stack.siteUrl,
    PUBLIC_URL: env.PUBLIC_URL || stack.siteUrl,
    CORS_ORIGINS: env.CORS_ORIGINS || ownOrigins(stack.siteUrl).join(','),
    JWT_SECRET: stack.jwtSecret,
    META_GRAPH_URL: env.META_GRAPH_URL || standIn(`${internalUrl}/_meta/${STAND_IN_GRAPH_VERSION}`),
    META_OAUTH_DIALOG_URL: env.META_OAUTH_DIALOG_URL || standIn(`${stack.siteUrl}/_meta/dialog/oauth`),
    META_APP_ID: env.META_APP_ID || LOCAL_META_APP.appId,
    META_APP_SECRET: env.META_APP_SECRET || LOCAL_META_APP.appSecret,
    META_VERIFY_TOKEN: env.META_VERIFY_TOKEN || LOCAL_META_APP.verifyToken,
    META_TIMEOUT_MS: env.META_TIMEOUT_MS,
    REDIS_URL: env.REDIS_URL,
    REMINDER_INTERVAL_MS: env.REMINDER_INTERVAL_MS,
    REMINDER_SCHEDULER: env.REMINDER_SCHEDULER,
    RATE_LIMIT_PER_MINUTE: env.RATE_LIMIT_PER_MINUTE,
    REMINDER_RATE_LIMIT_PER_MINUTE: env.REMINDER_RATE_LIMIT_PER_MINUTE,
    TRUST_PROXY: env.TRUST_PROXY,
    LOG_LEVEL: stack.logLevel,
  };
  try {
    const config = loadServiceConfig(serviceEnv);
    if (problems.length > 0) throw new ConfigError(problems);
    return config;
  } catch (error) {
    if (error instanceof ServiceConfigError) throw new ConfigError([...problems, ...error.problems]);
    throw error;
  }
}

/** What NODE_ENV=production turns off, one line each, for the operator reading the start-up output. */
export function productionNotices(stack: StackConfig, service: ServiceConfig): string[] {
  if (!stack.production) return [];
  return [
    stack.seedDemoData
      ? 'Demo data: loaded into an empty database because SEED_DEMO_DATA=true was set.'
      : 'Demo data: not loaded (NODE_ENV=production; set SEED_DEMO_DATA=true to load it into an empty database).',
    `Meta stand-in (/_meta): not mounted (NODE_ENV=production); Messenger goes to ${service.metaGraphUrl}.`,
    'Dev pages (/_dev): off (NODE_ENV=production).',
  ];
}
