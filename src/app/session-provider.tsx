import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { restoreSession, signOutHere } from '@/features/auth/api/lazy';
import { EXTRA_TEXT, LOGIN_TEXT } from '@/features/auth/messages';
import { onAccessRevoked } from '@/lib/access-revocation';
import { can } from '@/lib/authorization';
import {
  SessionContext,
  type ActiveClinic,
  type SessionContextValue,
  type SessionNotice,
  type SessionStatus,
  type SessionUser,
} from '@/lib/session';
import { clearPreferences, readPreference, writePreference } from '@/lib/session-storage';
import { whenSupabaseReady } from '@/lib/supabase-loader';

const CLINIC_PREFERENCE = 'clinic';

function ownClinic(user: SessionUser | null): ActiveClinic {
  return { id: user?.clinic_id ?? null, name: user?.clinic_name ?? null };
}

/** A superadmin's clinic choice survives a reload of this tab. */
function rememberedClinic(user: SessionUser): ActiveClinic {
  if (!can(user.role, 'clinic:switch')) return ownClinic(user);
  try {
    const saved = JSON.parse(readPreference(CLINIC_PREFERENCE) ?? 'null') as { id?: unknown; name?: unknown } | null;
    if (saved && typeof saved.id === 'number' && typeof saved.name === 'string')
      return { id: saved.id, name: saved.name };
  } catch {
    // ignore a damaged preference
  }
  return ownClinic(user);
}

/**
 * Holds the session: the profile in memory, the Supabase session in supabase-js's
 * storage. On load the stored session is checked and the profile read again, so a reload keeps a
 * front-desk tablet signed in; a stale or tampered session ends on /login with a message.
 */
export function SessionProvider({ children, hadStoredSession }: { children: ReactNode; hadStoredSession: boolean }) {
  const [status, setStatus] = useState<SessionStatus>('restoring');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [clinic, setClinic] = useState<ActiveClinic>({ id: null, name: null });
  const [notice, setNotice] = useState<SessionNotice | null>(null);
  const [attempt, setAttempt] = useState(0);
  const userRef = useRef<SessionUser | null>(null);
  const signingOut = useRef(false);
  const storedAtStart = useRef(hadStoredSession);

  const applyUser = useCallback((next: SessionUser | null) => {
    userRef.current = next;
    setUser(next);
    setClinic(next ? rememberedClinic(next) : { id: null, name: null });
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);

  useEffect(() => {
    let live = true;
    restoreSession(storedAtStart.current).then(
      (outcome) => {
        if (!live) return;
        switch (outcome.kind) {
          case 'signed-in':
            applyUser(outcome.user);
            break;
          case 'signed-out':
            if (outcome.stale) setNotice({ tone: 'error', text: EXTRA_TEXT.sessionExpired });
            applyUser(null);
            break;
          case 'no-profile':
            setNotice({ tone: 'error', text: LOGIN_TEXT.profileFailed });
            applyUser(null);
            break;
          case 'unreachable':
            setStatus('unreachable');
            break;
        }
      },
      (error: unknown) => {
        console.error('Ngiti: restoring the session failed', error);
        if (live) setStatus('unreachable');
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, applyUser]);

  // The session can also end elsewhere: refresh token revoked, logout in another tab, or another
  // account signed in from another tab. Then the profile in memory must go too. The client is
  // loaded lazily (src/lib/supabase-loader.ts); nobody is signed in before it exists, so listening
  // from then on misses nothing.
  useEffect(() => {
    let live = true;
    let unsubscribe: (() => void) | undefined;
    void whenSupabaseReady().then((supabase) => {
      if (!live) return;
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        const current = userRef.current;
        if (!current || signingOut.current) return;
        const otherUser = session?.user && session.user.id !== current.supabase_id;
        if (event === 'SIGNED_OUT' || otherUser) {
          setNotice({ tone: 'info', text: EXTRA_TEXT.sessionEnded });
          clearPreferences();
          applyUser(null);
        }
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [applyUser]);

  // The user's access ended while signed in here (deleted, banned, another role or clinic, or the
  // session ended elsewhere): the service said so (src/app/use-access-watch.ts). The profile in
  // memory no longer matches the account, so the session ends here too and the login page says
  // why; signing in again gives the new role's tabs, or is refused.
  useEffect(
    () =>
      onAccessRevoked((reason) => {
        if (!userRef.current || signingOut.current) return;
        console.info('Ngiti: access changed or removed; signing out', reason);
        signingOut.current = true;
        void signOutHere()
          .catch((error: unknown) => console.warn('Ngiti: signing out after the access ended failed', error))
          .finally(() => {
            signingOut.current = false;
            clearPreferences();
            setNotice({ tone: 'error', text: EXTRA_TEXT.accessChanged });
            applyUser(null);
          });
      }),
    [applyUser],
  );

  const signIn = useCallback(
    (next: SessionUser) => {
      setNotice(null);
      applyUser(next);
    },
    [applyUser],
  );

  const signOut = useCallback(async () => {
    signingOut.current = true;
    try {
      await signOutHere();
    } finally {
      signingOut.current = false;
      clearPreferences();
      applyUser(null);
    }
  }, [applyUser]);

  const selectClinic = useCallback((next: { id: number; name: string }) => {
    if (!userRef.current || !can(userRef.current.role, 'clinic:switch')) return;
    writePreference(CLINIC_PREFERENCE, JSON.stringify(next));
    setClinic(next);
  }, []);

  const renameClinic = useCallback((clinicId: number, name: string) => {
    setClinic((current) => (current.id === clinicId && current.name !== name ? { id: clinicId, name } : current));
  }, []);

  // Only the name: the role, the clinic and the working clinic stay as they are.
  const renameUser = useCallback((userId: string, name: string) => {
    const current = userRef.current;
    if (!current || current.supabase_id !== userId || current.name === name) return;
    const renamed = { ...current, name };
    userRef.current = renamed;
    setUser(renamed);
  }, []);

  const retry = useCallback(() => {
    setStatus('restoring');
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user,
      clinic,
      notice,
      signIn,
      signOut,
      selectClinic,
      renameClinic,
      renameUser,
      setNotice,
      retry,
    }),
    [status, user, clinic, notice, signIn, signOut, selectClinic, renameClinic, renameUser, retry],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
