import * as z from 'zod/mini';

// zod compiles object parsers with `new Function` when it can; under the app's CSP (no
// 'unsafe-eval') even its probe logs a violation. Set before anything is parsed.
z.config({ jitless: true });

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

const httpUrl = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be a string`) })
    .check(z.refine((value) => isHttpUrl(value), `${field} must be an absolute http(s) URL`));

const schema = z.object({
  supabaseUrl: httpUrl('supabaseUrl'),
  anonKey: z
    .string({ error: (issue) => (issue.input === undefined ? 'anonKey is missing' : 'anonKey must be a string') })
    .check(z.refine((value) => /^\S+$/.test(value), 'anonKey must be a non-empty key without spaces')),
  apiUrl: httpUrl('apiUrl'),
});

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
  const result = schema.safeParse(raw);
  if (!result.success) return { ok: false, problems: result.error.issues.map((issue) => issue.message) };
  return {
    ok: true,
    config: {
      supabaseUrl: withoutTrailingSlash(result.data.supabaseUrl),
      anonKey: result.data.anonKey,
      apiUrl: withoutTrailingSlash(result.data.apiUrl),
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
