import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  subscribeToServiceEvents,
  type ClinicServiceEvent,
  type RealtimeStatus,
  type ServiceEventPayload,
} from './realtime-client';

/**
 * Events arriving within this long of each other cause one re-read: a payment and the invoice it
 * touches, an offer to several patients, a recall's claim and its outcome land together, and one
 * read answers for all.
 */
export const LIVE_REFRESH_COALESCE_MS = 150;

export interface LiveRefreshOptions<E extends ClinicServiceEvent = ClinicServiceEvent> {
  clinicId: number;
  /** The service's event of this tab's rows (each names a changed row of a clinic). */
  event: E;
  /** Every query under this key is read again. */
  queryKey: QueryKey;
  /**
   * Whether a change of the clinic touches what the tab shows (e.g. a visit of the patient whose
   * chart is open); every one does when absent. Asked as each event arrives, so it may read the
   * tab's latest data.
   */
  concerns?: (change: ServiceEventPayload<E>) => boolean;
  /**
   * Reads again only what the changes touch (a tab whose lists are too long to read whole on
   * every change), instead of every query under `queryKey`. Getting the connection back, and a
   * failure here, still re-read everything under `queryKey`.
   */
  refreshChanged?: (changes: readonly ServiceEventPayload<E>[]) => Promise<void>;
  /** Injected in tests; the app's socket client otherwise. */
  subscribe?: typeof subscribeToServiceEvents;
}

/**
 * Keeps a tab's reads of a clinic current: each `event` of this clinic that `concerns` the tab
 * re-reads every query under `queryKey` (the database derives what the rows show, so the tab reads
 * them again rather than merging the event), within 150 ms; so does getting the connection back, as missed events are
 * not replayed. Returns the connection's state for the tab to show.
 */
export function useLiveRefresh<E extends ClinicServiceEvent>({
  clinicId,
  event,
  queryKey,
  concerns,
  refreshChanged,
  subscribe = subscribeToServiceEvents,
}: LiveRefreshOptions<E>): RealtimeStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  // Read when the re-read starts: a key written inline is a new array every render (and so is a filter).
  const latestKey = useRef(queryKey);
  const latestConcerns = useRef(concerns);
  const latestRefreshChanged = useRef(refreshChanged);
  useLayoutEffect(() => {
    latestKey.current = queryKey;
    latestConcerns.current = concerns;
    latestRefreshChanged.current = refreshChanged;
  });

  useEffect(() => {
    let closed = false;
    let lostConnection = false;
    let subscription: { close(): void } | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    // The changes of the coming re-read, or 'everything' (the connection came back: events were missed).
    let changes: ServiceEventPayload<E>[] | 'everything' = [];
    const readEverything = () => void queryClient.invalidateQueries({ queryKey: latestKey.current });
    const refresh = (change?: ServiceEventPayload<E>) => {
      if (change === undefined) changes = 'everything';
      else if (changes !== 'everything') changes.push(change);
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        const read = changes;
        changes = [];
        if (closed) return;
        const partial = latestRefreshChanged.current;
        if (read === 'everything' || !partial) readEverything();
        else partial(read).catch(readEverything);
      }, LIVE_REFRESH_COALESCE_MS);
    };
    subscribe({
      clinicId,
      event,
      onEvent: (change) => {
        if (change.clinic_id === clinicId && (latestConcerns.current?.(change) ?? true)) refresh(change);
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
