import { describe, expect, it, vi } from 'vitest';

describe('restoring a session after a page load', () => {
  it('answers signed out without loading the Supabase client when no session is stored', async () => {
    vi.resetModules();
    const memory = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => memory.get(key) ?? null });
    try {
      const { restoreSession } = await import('./lazy');
      expect(await restoreSession(false)).toEqual({ kind: 'signed-out', stale: false });
      // One was stored at start but is gone now (auth-js dropped it): a stale session.
      expect(await restoreSession(true)).toEqual({ kind: 'signed-out', stale: true });
      const { peekSupabase } = await import('@/lib/supabase');
      expect(peekSupabase()).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
