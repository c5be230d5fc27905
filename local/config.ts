import path from 'node:path';
import { signJwt } from './gateway/jwt.ts';
import { repoRoot } from './db/migrate.ts';

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
