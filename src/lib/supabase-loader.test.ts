import { describe, expect, it, vi } from 'vitest';

const config = { supabaseUrl: 'http://localhost:54321', anonKey: 'anon-key', apiUrl: 'http://localhost:8080' };

/** A fresh copy of the loader and the client module (their state is per page load). */
async function freshModules() {
  vi.resetModules();
  return { loader: await import('./supabase-loader'), supabase: await import('./supabase') };
}

describe('the lazily loaded Supabase client', () => {
  it('is created on first use from the settings of /config.json, once', async () => {
    const { loader, supabase } = await freshModules();
    expect(supabase.peekSupabase()).toBeUndefined();
    loader.configureSupabase(config);
    const client = await loader.loadSupabase();
    expect(supabase.getSupabase()).toBe(client);
    expect(await loader.loadSupabase()).toBe(client);
    expect(await loader.whenSupabaseReady()).toBe(client);
  });

  it('is the client already created directly (component tests call initSupabase)', async () => {
    const { loader, supabase } = await freshModules();
    const client = supabase.initSupabase(config);
    expect(await loader.whenSupabaseReady()).toBe(client);
    expect(await loader.loadSupabase()).toBe(client);
  });

  it('refuses to be used before /config.json is known, and can be tried again', async () => {
    const { loader } = await freshModules();
    await expect(loader.loadSupabase()).rejects.toThrow('before /config.json was loaded');
    loader.configureSupabase(config);
    await expect(loader.loadSupabase()).resolves.toBeDefined();
  });
});
