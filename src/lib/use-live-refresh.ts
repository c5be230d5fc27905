import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { subscribeToServiceEvents, type ClinicServiceEvent, type RealtimeStatus } from './realtime-client';

/**
 * Events arriving within this long of each other cause one re-read: a payment and the invoice it
 * touches, an offer to several patients, a recall's claim and its outcome land together, and one
 * read answers for all.
 */
export const LIVE_REFRESH_COALESCE_MS = 150;

export interface LiveRefreshOptions {
  clinicId: number;
  /** The service's event of this tab's rows (each names a changed row of a clinic). */
  event: ClinicServiceEvent;
  /** Every query under this key is read again. */
  queryKey: QueryKey;
  /** Injected in tests; the app's socket client otherwise. */
  subscribe?: typeof subscribeToServiceEvents;
}

/**
 * Keeps a tab's reads of a clinic current: each `event` of this clinic re-reads every query under
 * `queryKey` (the database derives what the rows show, so the tab reads them again rather than
 * merging the event), within 150 ms; so does getting the connection back, as missed events are
 * not replayed. Returns the connection's state for the tab to show.
 */
export function useLiveRefresh({
  clinicId,
  event,
  queryKey,
  subscribe = subscribeToServiceEvents,
}: LiveRefreshOptions): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  // Read when the re-read starts: a key written inline is a new array every render.
  const latestKey = useRef(queryKey);
  useLayoutEffect(() => {
    latestKey.current = queryKey;
  });

  useEffect(() => {
    let closed = false;
    let lostConnection = false;
    let subscription: { close(): void } | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        if (!closed) void queryClient.invalidateQueries({ queryKey: latestKey.current });
      }, LIVE_REFRESH_COALESCE_MS);
    };
    subscribe({
      clinicId,
      event,
      onEvent: (change) => {
        if (change.clinic_id === clinicId) refresh();
      },
      onStatus: (next) => {
        if (closed) return;
        setStatus(next);
        if (next === 'reconnecting' || next === 'refused') lostConnection = true;
        if (next === 'connected' && lostConnection) {
          lostConnection = false;
          refresh();
        }
      },
    }).then(
      (opened) => {
        if (closed) opened.close();
        else subscription = opened;
      },
      (error: unknown) => console.warn(`Ngiti: live ${event} updates are off`, error),
    );
    return () => {
      closed = true;
      clearTimeout(pending);
      subscription?.close();
    };
  }, [clinicId, event, queryClient, subscribe]);

  return status;
}
