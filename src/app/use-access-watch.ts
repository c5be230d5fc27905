import { useEffect } from 'react';
import { ACCESS_REVOKED } from '@common/contract/realtime';
import { isRevokedAccessCode, reportAccessRevoked } from '@/lib/access-revocation';
import { subscribeToServiceEvents } from '@/lib/realtime-client';
import { whenIdle } from '@/lib/when-idle';

/** The access watch's socket URL carries `label=access-watch` (browser tests tell it apart by it). */
export const ACCESS_WATCH_LABEL = 'access-watch';

/**
 * Keeps the dashboard's session honest while it is open: one live-update socket for the whole
 * dashboard, whatever the tab, hears `access-revoked` when the user is deleted, banned, given
 * another role or clinic, or signed out elsewhere, and reports it (src/lib/access-revocation.ts)
 * so the session ends and the login page says why. Should that notice be lost, the socket's
 * reconnection is refused with a code saying the access is gone, which is reported the same way
 * (a role change lets the reconnection in, so only the notice says that one).
 *
 * Opened once the browser is idle, at the latest after a second: the socket client is its own
 * chunk, and the dashboard's first paint does not wait for it.
 */
export function useAccessWatch(clinicId: number | null, subscribe = subscribeToServiceEvents): void {
  useEffect(() => {
    // A superadmin who has not picked a clinic has no room to join; nothing of a clinic is shown.
    if (clinicId === null) return;
    let closed = false;
    let subscription: { close(): void } | undefined;
    const cancel = whenIdle(
      () => {
        subscribe({
          clinicId,
          event: ACCESS_REVOKED,
          label: ACCESS_WATCH_LABEL,
          onEvent: ({ reason }) => reportAccessRevoked(reason),
          onStatus: (status, _detail, code) => {
            if (!closed && status === 'refused' && isRevokedAccessCode(code)) reportAccessRevoked(code);
          },
        }).then(
          (opened) => {
            if (closed) opened.close();
            else subscription = opened;
          },
          (error: unknown) => console.warn('Ngiti: the access watch is off', error),
        );
      },
      { timeoutMs: 1_000, fallbackMs: 0 },
    );
    return () => {
      closed = true;
      cancel();
      subscription?.close();
    };
  }, [clinicId, subscribe]);
}
