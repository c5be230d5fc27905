import { createContext, useContext } from 'react';
import type { Role } from './authorization';

/** The signed-in staff member as the spec's session user: held in memory only. */
export interface SessionUser {
  name: string;
  role: Role;
  clinic_id: number | null;
  clinic_name: string | null;
  supabase_id: string;
  supabase_email: string;
}

/** The clinic every view works on: the user's own, or the one a superadmin selected. */
export interface ActiveClinic {
  id: number | null;
  name: string | null;
}

export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out' | 'unreachable';

/** A message for the login screen, e.g. why the user was sent there. */
export interface SessionNotice {
  tone: 'info' | 'error';
  text: string;
}

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUser | null;
  clinic: ActiveClinic;
  notice: SessionNotice | null;
  /** Puts a user whose Supabase sign-in and profile read succeeded into the session. */
  signIn(user: SessionUser): void;
  /** Logout: signs out of Supabase and clears the profile. */
  signOut(): Promise<void>;
  /** Superadmin only: work on another clinic. */
  selectClinic(clinic: { id: number; name: string }): void;
  /** A clinic was renamed (Clinic Config): the working clinic's name follows when it is that clinic. */
  renameClinic(clinicId: number, name: string): void;
  /**
   * A staff profile was renamed (Users & Roles): the signed-in user's name follows when it is their
   * own (`userId`: the profile's auth user id).
   */
  renameUser(userId: string, name: string): void;
  setNotice(notice: SessionNotice | null): void;
  /** Tries to restore the stored session again (after the server could not be reached). */
  retry(): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside <SessionProvider>');
  return session;
}

/** The signed-in user, for views that only render inside the dashboard. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser is used without a signed-in user');
  return user;
}

/** The clinic name the sidebar shows: 'Clinic' when none is set. */
export function clinicLabel(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : 'Clinic';
}
