import path from 'node:path';
import { signJwt } from './gateway/jwt.ts';
import { repoRoot } from './db/migrate.ts';
import { loadServiceConfig, ServiceConfigError, type ServiceConfig } from '../server/config.ts';
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
}

export class ConfigError extends Error {}

/** Keys shaped like Supabase's legacy API keys: long-lived JWTs carrying only a role. */
export function apiKeysFor(jwtSecret: string) {
  const claims = (role: string) => ({ iss: 'supabase-demo', role, exp: 1983812996 });
  return { anonKey: signJwt(claims('anon'), jwtSecret), serviceRoleKey: signJwt(claims('service_role'), jwtSecret) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const jwtSecret = env.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET;
  if (jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  const production = env.NODE_ENV === 'production';
  if (production && jwtSecret === DEVELOPMENT_JWT_SECRET) {
    problems.push('JWT_SECRET is the public development secret; set a secret of your own when NODE_ENV=production');
  }
  const host = env.HOST ?? '127.0.0.1';
  const siteUrl = (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(siteUrl);
  } catch {
    problems.push(`SITE_URL must be an absolute URL, got "${env.SITE_URL}"`);
  }
  const additionalRedirectUrls = (env.ADDITIONAL_REDIRECT_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const seedSetting = (env.SEED_DEMO_DATA ?? 'true').toLowerCase();
  if (!['true', 'false'].includes(seedSetting)) problems.push('SEED_DEMO_DATA must be true or false');
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return {
    port,
    host,
    siteUrl,
    additionalRedirectUrls,
    dataDir: env.DATABASE_URL ? undefined : path.resolve(repoRoot, env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    ...apiKeysFor(jwtSecret),
    seedDemoData: seedSetting === 'true',
    production,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
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
  const appSecret = env.META_APP_SECRET || LOCAL_META_APP.appSecret;
  if (stack.production && appSecret === LOCAL_META_APP.appSecret)
    problems.push('META_APP_SECRET is the public development secret; set the app secret when NODE_ENV=production');
  const serviceEnv: NodeJS.ProcessEnv = {
    PORT: '0',
    SITE_URL: stack.siteUrl,
    PUBLIC_URL: env.PUBLIC_URL || stack.siteUrl,
    CORS_ORIGINS: env.CORS_ORIGINS || stack.siteUrl,
    JWT_SECRET: stack.jwtSecret,
    META_GRAPH_URL: env.META_GRAPH_URL || `${internalUrl}/_meta/${STAND_IN_GRAPH_VERSION}`,
    META_OAUTH_DIALOG_URL: env.META_OAUTH_DIALOG_URL || `${stack.siteUrl}/_meta/dialog/oauth`,
    META_APP_ID: env.META_APP_ID || LOCAL_META_APP.appId,
    META_APP_SECRET: appSecret,
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
    if (problems.length > 0) throw new ConfigError(problems.join('\n'));
    return config;
  } catch (error) {
    if (error instanceof ServiceConfigError) throw new ConfigError([...problems, ...error.problems].join('\n'));
    throw error;
  }
}
