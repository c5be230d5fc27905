import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ACCESS_REVOKED } from '@common/contract/access';
import { isRevokedAccessCode, reportAccessRevoked } from '@/lib/access-revocation';
import type { subscribeToServiceEvents } from '@/lib/realtime-client';
import { whenReadsSettle } from '@/lib/when-reads-settle';

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
 * Opened once the tab's first reads have come in and the browser is idle, at the latest three
 * seconds after the dashboard opened: the socket client and the contract's event schemas are loaded
 * then (their own chunks), so neither the dashboard shell nor the tab's first screen waits for
 * them (on a slow phone they shared the connection with the tab's code and data). The server
 * refuses whatever the account may no longer read meanwhile. `subscribe` is injected in tests.
 */
export function useAccessWatch(clinicId: number | null, subscribe?: typeof subscribeToServiceEvents): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A superadmin who has not picked a clinic has no room to join; nothing of a clinic is shown.
    if (clinicId === null) return;
    let closed = false;
    let subscription: { close(): void } | undefined;
    const open = async () => {
      const subscribeNow = subscribe ?? (await import('@/lib/realtime-client')).subscribeToServiceEvents;
      if (closed) return;
      const opened = await subscribeNow({
        clinicId,
        event: ACCESS_REVOKED,
        label: ACCESS_WATCH_LABEL,
        onEvent: ({ reason }) => reportAccessRevoked(reason),
        onStatus: (status, _detail, code) => {
          if (!closed && status === 'refused' && isRevokedAccessCode(code)) reportAccessRevoked(code);
        },
      });
      if (closed) opened.close();
      else subscription = opened;
    };
    const cancel = whenReadsSettle(queryClient, () => {
      open().catch((error: unknown) => console.warn('Ngiti: the access watch is off', error));
    });
    return () => {
      closed = true;
      cancel();
      subscription?.close();
    };
  }, [clinicId, subscribe, queryClient]);
}
