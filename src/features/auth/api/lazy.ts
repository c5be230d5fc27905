import { UserFacingError } from '@/lib/errors';
import type { SessionUser } from '@/lib/session';
import {
  hadStoredSession as holdsStoredSession,
  loadSupabase,
  prefetchSupabaseCode,
  preloadSupabase,
} from '@/lib/supabase-loader';
import { useAction } from '@/lib/use-action';
import { failureWithReason, loginFailureMessage, signUpFailure, type FormFailure } from '../auth-errors';
import { LOGIN_TEXT, RESET_TEXT } from '../messages';
import type { SignupInput } from '../validation';
import type * as CallsModule from './calls';
import type { RestoreOutcome } from './restore-session';

/**
 * The auth calls as the screens and the session provider use them. Their code and the Supabase
 * client (auth-js) are separate chunks, loaded when first needed: when a stored session is to be
 * checked, when the user first focuses a field of an auth form (`preloadAuth`), or at the latest
 * on submit. The login screen itself does not download them.
 */
type Calls = typeof CallsModule;

let pending: Promise<Calls> | undefined;

function loadCalls(): Promise<Calls> {
  pending ??= Promise.all([import('./calls'), loadSupabase()])
    .then(([calls]) => calls)
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

/** Downloads the session check's code before /config.json is in (the client waits for it). */
export function prefetchSessionCheck(): void {
  prefetchSupabaseCode();
  import('./calls').catch(() => undefined);
}

/** Starts loading the calls and the client without waiting (the user started filling in a form). */
export function preloadAuth(): void {
  preloadSupabase();
  loadCalls().catch(() => undefined);
}

/**
 * The calls, or, when their code cannot be downloaded, the failure the call itself shows when the
 * server is out of reach (a failed download is a TypeError 'Failed to fetch…', which
 * auth-errors.ts reads as an unreachable server).
 */
async function callsOr(failure: (error: unknown) => FormFailure): Promise<Calls> {
  try {
    return await loadCalls();
  } catch (error) {
    console.error('Ngiti: the sign-in code did not load', error);
    const { message, detail } = failure(error);
    throw new UserFacingError(message, detail);
  }
}

/** After a page load; nothing stored means signed out, without loading anything (see restore-session.ts). */
export async function restoreSession(hadStoredSession: boolean): Promise<RestoreOutcome> {
  if (!holdsStoredSession()) return { kind: 'signed-out', stale: hadStoredSession };
  return (await loadCalls()).restoreSession(hadStoredSession);
}

export async function signOutHere(): Promise<void> {
  return (await loadCalls()).signOutHere();
}

export async function signInWithPassword(email: string, password: string): Promise<SessionUser> {
  const calls = await callsOr((error) => ({ message: loginFailureMessage(error) }));
  return calls.signInWithPassword(email, password);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const calls = await callsOr((error) => failureWithReason(LOGIN_TEXT.resetFailed, error));
  return calls.sendPasswordReset(email);
}

export async function signUpClinic(input: SignupInput): Promise<'registered' | 'initiated'> {
  const calls = await callsOr(signUpFailure);
  return calls.signUpClinic(input);
}

export async function updatePassword(
  tokens: { accessToken: string; refreshToken: string },
  password: string,
): Promise<void> {
  const calls = await callsOr((error) => failureWithReason(RESET_TEXT.failed, error));
  return calls.updatePassword(tokens, password);
}

export const useSignIn = () => useAction(signInWithPassword);
export const useSendPasswordReset = () => useAction(sendPasswordReset);
export const useSignUpClinic = () => useAction(signUpClinic);
export const useUpdatePassword = () => useAction(updatePassword);
