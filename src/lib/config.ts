/**
 * zod compiles object parsers with `new Function` when it can; under the app's CSP (no
 * 'unsafe-eval') even its probe logs a violation. zod decides when a schema is built, so this must
 * be set before any zod schema exists. zod keeps its settings in `globalThis.__zod_globalConfig`
 * (what `z.config()` writes to); setting it here, before zod loads, keeps zod itself out of the
 * login screen's JavaScript. config.test.ts checks that zod reads it.
 */
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodSettings.__zod_globalConfig ??= {}).jitless = true;

/** Runtime settings, served beside index.html as /config.json, so one build fits any deployment. */
export interface RuntimeConfig {
  /** Base URL of the Supabase project (REST, Auth, Functions). */
  supabaseUrl: string;
  /** The project's public (anon or publishable) key. */
  anonKey: string;
  /** Base URL of the notification service. */
  apiUrl: string;
}

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problems: string[] };

export const CONFIG_PATH = '/config.json';

/**
 * The checks are written out rather than built with zod: this file is on the login screen's
 * critical path, and zod would add about 9 KB of gzipped JavaScript to it.
 */
type FieldCheck = (value: unknown) => string | undefined;

const stringField =
  (field: string, check: (value: string) => boolean, invalid: string): FieldCheck =>
  (value) => {
    if (value === undefined) return `${field} is missing`;
    if (typeof value !== 'string') return `${field} must be a string`;
    return check(value) ? undefined : invalid;
  };

const httpUrl = (field: string) => stringField(field, isHttpUrl, `${field} must be an absolute http(s) URL`);

const FIELDS = {
  supabaseUrl: httpUrl('supabaseUrl'),
  anonKey: stringField('anonKey', (value) => /^\S+$/.test(value), 'anonKey must be a non-empty key without spaces'),
  apiUrl: httpUrl('apiUrl'),
} as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Checks the parsed /config.json; every problem is named so the operator can fix the file at once. */
export function parseRuntimeConfig(raw: unknown): ConfigResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [`${CONFIG_PATH} must hold a JSON object`] };
  }
  const record = raw as Record<string, unknown>;
  const problems = Object.entries(FIELDS).flatMap(([field, check]) => check(record[field]) ?? []);
  if (problems.length > 0) return { ok: false, problems };
  const data = record as unknown as RuntimeConfig;
  return {
    ok: true,
    config: {
      supabaseUrl: withoutTrailingSlash(data.supabaseUrl),
      anonKey: data.anonKey,
      apiUrl: withoutTrailingSlash(data.apiUrl),
    },
  };
}

/** Fetches and validates /config.json; never throws. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, path = CONFIG_PATH): Promise<ConfigResult> {
  let response: Response;
  try {
    response = await fetchImpl(path, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, problems: [`${path} could not be fetched: the server did not answer`] };
  }
  if (!response.ok) return { ok: false, problems: [`${path} answered HTTP ${response.status}; the file is missing`] };
  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    return { ok: false, problems: [`${path} is not valid JSON`] };
  }
  return parseRuntimeConfig(raw);
}
