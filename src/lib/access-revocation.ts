import { REVOKED_ACCESS_CODES, type RevokedAccessCode } from '@common/contract/access';

/**
 * Word that the signed-in user's access ended while a screen was open: the account was deleted
 * or banned, the staff profile changed role or clinic or was removed, or the session ended. The
 * notification service says it on the live-update socket (`access-revoked`, or a refused
 * handshake with a code); the session (src/app/session-provider.tsx) listens and signs out here.
 */
type Listener = (reason: string) => void;

const listeners = new Set<Listener>();

/** Tells every listener that the access ended, and why (for the console; the screen says one thing). */
export function reportAccessRevoked(reason: string): void {
  for (const listener of [...listeners]) listener(reason);
}

/** Listens for the access ending; returns the function that stops listening. */
export function onAccessRevoked(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a refusal's code says the access is gone, rather than a token to refresh or a bad request. */
export function isRevokedAccessCode(code: unknown): code is RevokedAccessCode {
  return typeof code === 'string' && (REVOKED_ACCESS_CODES as readonly string[]).includes(code);
}
