// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAppSupabaseClient, hadStoredSession } from './supabase';

const ANON = 'anon.key.jwt';

function recordingFetch() {
  const requests: { url: string; method: string; headers: Headers }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

afterEach(() => {
  window.localStorage.clear();
});

describe('the app Supabase client', () => {
  it('sends table reads to /rest/v1 with the anon key when nobody is signed in', async () => {
    const { requests, fetchImpl } = recordingFetch();
    const client = createAppSupabaseClient({ supabaseUrl: 'http://stack.test', anonKey: ANON }, fetchImpl);
    const { error } = await client.from('clinics').select('id, name').order('name');
    expect(error).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('http://stack.test/rest/v1/clinics?select=id%2Cname&order=name.asc');
    expect(requests[0]!.headers.get('apikey')).toBe(ANON);
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${ANON}`);
  });

  it("sends the signed-in user's access token to /rest/v1 and /functions/v1", async () => {
    const { requests, fetchImpl } = recordingFetch();
    window.localStorage.setItem(
      'ngiti-auth',
      JSON.stringify({
        access_token: 'user.access.token',
        refresh_token: 'refresh',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        user: {
          id: 'u1',
          aud: 'authenticated',
          email: 'a@b.test',
          app_metadata: {},
          user_metadata: {},
          created_at: '',
        },
      }),
    );
    const client = createAppSupabaseClient({ supabaseUrl: 'http://stack.test', anonKey: ANON }, fetchImpl);
    await client.from('users').select('name').eq('email', 'a@b.test').maybeSingle();
    await client.functions.invoke('delete-user', { body: { id: 1 } });
    const rest = requests.find((request) => request.url.includes('/rest/v1/users'));
    const fn = requests.find((request) => request.url === 'http://stack.test/functions/v1/delete-user');
    expect(rest?.headers.get('authorization')).toBe('Bearer user.access.token');
    expect(rest?.headers.get('apikey')).toBe(ANON);
    expect(fn?.method).toBe('POST');
    expect(fn?.headers.get('authorization')).toBe('Bearer user.access.token');
  });

  it('tells whether a session was stored before start', () => {
    const storage = new MemoryStorage();
    expect(hadStoredSession(storage)).toBe(false);
    storage.setItem('ngiti-auth', 'garbage');
    expect(hadStoredSession(storage)).toBe(true);
    expect(hadStoredSession(undefined)).toBe(false);
  });
});
