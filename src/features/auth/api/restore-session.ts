import { requestErrorOf } from '@/lib/request-error';
import type { SessionUser } from '@/lib/session';
import { hadStoredSession as holdsStoredSession, loadSupabase } from '@/lib/supabase-loader';
import { isNetworkFailure } from '../auth-errors';
import { getProfile } from './get-profile';

export type RestoreOutcome =
  | { kind: 'signed-in'; user: SessionUser }
  /** No usable session; `stale` when one was stored but is expired, revoked or tampered with. */
  | { kind: 'signed-out'; stale: boolean }
  | { kind: 'no-profile' }
  | { kind: 'unreachable' };

/**
 * After a page load: takes the session supabase-js kept in localStorage, checks it with the
 * auth server (a tampered or revoked token fails there) and reads the profile again, since the
 * profile itself lives in memory only.
 */
export async function restoreSession(hadStoredSession: boolean): Promise<RestoreOutcome> {
  // Nothing stored: auth-js would find no session either, so its code is not loaded for that
  // (the login screen stays light).
  if (!holdsStoredSession()) return { kind: 'signed-out', stale: hadStoredSession };
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.getSession();
  if (!data.session) {
    if (error && isNetworkFailure(error)) return { kind: 'unreachable' };
    return { kind: 'signed-out', stale: hadStoredSession };
  }
  // The auth server's check and the profile read go out together (one round trip before the
  // dashboard, not two); the profile counts only once the check has passed, and is read again
  // when the server knows the account by another id or e-mail than the stored session did.
  const stored = data.session.user;
  const profileRead = settle(getProfile(stored));
  const { data: userData, error: userError } = await supabase.auth.getUser();
  if (userError || !userData.user) {
    if (isNetworkFailure(userError)) return { kind: 'unreachable' };
    await supabase.auth.signOut({ scope: 'local' });
    return { kind: 'signed-out', stale: true };
  }
  const sameAccount = userData.user.id === stored.id && userData.user.email === stored.email;
  try {
    const profile = await (sameAccount ? profileRead : settle(getProfile(userData.user)));
    return { kind: 'signed-in', user: unwrap(profile) };
  } catch (error) {
    const failure = requestErrorOf(error);
    if (failure.kind === 'gone') {
      await supabase.auth.signOut({ scope: 'local' });
      return { kind: 'no-profile' };
    }
    // PostgREST refused the token (invalid, expired) after all.
    if (failure.kind === 'unauthenticated') {
      await supabase.auth.signOut({ scope: 'local' });
      return { kind: 'signed-out', stale: true };
    }
    return { kind: 'unreachable' };
  }
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise that never rejects (its failure is kept for later), so it may be awaited after another one. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

function unwrap<T>(settled: Settled<T>): T {
  if (settled.ok) return settled.value;
  throw settled.error;
}
