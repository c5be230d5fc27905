import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { clinicYearRange, type InstantRange } from '@common/clinic-calendar';
import { APPOINTMENT_UPDATED } from '@common/contract/live-events';
import type { AppointmentUpdatedPayload } from '@common/contract/realtime';
import { useToast } from '@/components/toast/toast-context';
import { patientQueryKeys } from '@/entities/patient';
import { subscribeToServiceEvents, type RealtimeStatus } from '@/lib/realtime-client';
import type { ListAppointment } from '../../model/api/list-columns';
import { openFlagsKey, type OpenFlag } from '../../model/api/open-flags';
import { appointmentRowId } from '../../model/display';
import { mergeRowIntoRange } from '../../model/list-model';
import { ownWrites as tabOwnWrites, type OwnWrites } from '../../model/own-writes';
import { appointmentKeys } from '../../model/query-keys';
import {
  createToastThrottle,
  describeChange,
  FOCUS_HIGHLIGHT_MS,
  isAlarmingChange,
  isUpdateForView,
  listRowFromUpdate,
  noticeChannel,
  notificationPermission,
  ROW_FLASH_MS,
  UPDATE_SOUND_VOLUME,
  UPDATE_TOAST_MS,
  updateNoticeText,
  type LiveChange,
  type PreviousRow,
} from '../live-updates';
import { LIVE_TEXT } from '../messages';

export const UPDATE_SOUND_URL = '/sounds/appointment-update.wav';

/**
 * After merging an update, the list is read again this much later, once for a burst of updates:
 * the merged row lacks what the event does not carry (a new patient's Messenger id).
 */
export const RECONCILE_DELAY_MS = 300;

/** The row 'View' asks for: the appointment and its dentist's card. */
export interface RowTarget {
  appointmentId: number;
  dentistId: number | null;
}

export interface LiveUpdates {
  /** Rows changed live and not yet acknowledged (persistent highlight). */
  highlightedIds: ReadonlySet<number>;
  /** Rows changed in the last 60 s (flash). */
  flashingIds: ReadonlySet<number>;
  /** The row 'View' scrolled to, highlighted for 4 s. */
  focusedId: number | null;
  connection: RealtimeStatus;
  acknowledgeAll(): void;
  focusRow(appointmentId: number, dentistId?: number | null): void;
}

interface Options {
  clinicId: number;
  timeZone: string;
  period: InstantRange;
  /**
   * Brings a row on screen for 'View'. The list renders only the rows of a long card near the
   * screen and may have the card collapsed, so the screen does this; by default the row's element
   * is scrolled into view.
   */
  revealRow?: (target: RowTarget) => void;
  /** The connection opens once this is true (by default at once); the screen waits for its first read. */
  connect?: boolean;
  /** Injected in tests. */
  subscribe?: typeof subscribeToServiceEvents;
  playSound?: () => void;
  /** This tab's own writes (own-writes.ts); injected in tests. */
  ownWrites?: OwnWrites;
}

function defaultPlaySound() {
  try {
    const audio = new Audio(UPDATE_SOUND_URL);
    audio.volume = UPDATE_SOUND_VOLUME;
    // Browsers refuse autoplay before the user interacted with the page; that is fine.
    void audio.play().catch(() => undefined);
  } catch {
    // No audio support (tests, locked-down kiosks).
  }
}

function scrollToRowElement({ appointmentId }: RowTarget) {
  document.getElementById(appointmentRowId(appointmentId))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}

/**
 * The row the list had for the update's appointment: `undefined` if no year read holds it,
 * `null` if no year was read that could (the list cannot tell a new appointment from an old one).
 */
function previousRow(queryClient: QueryClient, update: AppointmentUpdatedPayload): PreviousRow | null | undefined {
  const prefix = [...appointmentKeys.list(update.clinic_id), 'year'];
  let readAny = false;
  for (const [, rows] of queryClient.getQueriesData<ListAppointment[]>({ queryKey: prefix })) {
    if (!rows) continue;
    readAny = true;
    const row = rows.find((candidate) => candidate.id === update.id);
    if (row) return row;
  }
  return readAny ? undefined : null;
}

/** Keeps the clinic's open flags as the update says (its open flag, or none); answers the one it had. */
function mergeOpenFlag(queryClient: QueryClient, update: AppointmentUpdatedPayload): number | null {
  const key = openFlagsKey(update.clinic_id);
  const flags = queryClient.getQueryData<OpenFlag[]>(key);
  const had = flags?.find((flag) => flag.appointment_id === update.id)?.id ?? null;
  if (flags && (update.open_flag !== undefined || update.deleted)) {
    const others = flags.filter((flag) => flag.appointment_id !== update.id);
    const open = update.deleted ? null : update.open_flag;
    queryClient.setQueryData<OpenFlag[]>(key, open ? [...others, { ...open, appointment_id: update.id }] : others);
  }
  return had;
}

/**
 * Puts the update into every year of this clinic's list already read (the list and the calendar
 * read whole years), so the row shows its new state at once rather than after a read.
 */
function mergeIntoReadYears(queryClient: QueryClient, update: AppointmentUpdatedPayload) {
  const prefix = [...appointmentKeys.list(update.clinic_id), 'year'];
  for (const [queryKey, rows] of queryClient.getQueriesData<ListAppointment[]>({ queryKey: prefix })) {
    const [, , , , year, zone] = queryKey;
    if (!rows || typeof year !== 'number' || typeof zone !== 'string' || zone === '') continue;
    const range = clinicYearRange(year, zone);
    const previous = rows.find((row) => row.id === update.id);
    const next = update.deleted ? null : listRowFromUpdate(update, previous);
    queryClient.setQueryData<ListAppointment[]>(
      queryKey,
      mergeRowIntoRange(rows, update.id, next, { start: range.start.getTime(), end: range.end.getTime() }),
    );
  }
}

/**
 * Live appointment updates: every `appointment-updated` of this clinic (its payload checked against
 * the contract by the realtime client) is merged into the list at once (and the list read again
 * shortly after), refreshes the booking form's slots and the patient list; one inside the viewed
 * period also highlights its row until 'Acknowledge All', flashes it for 60 s, plays a sound, and
 * tells the user — a desktop notification when the tab is hidden and allowed, else a toast (one per
 * 1.5 s, 6 s, with View) saying what changed from the row the list had ('Scheduled → Confirmed', a
 * move, a patient's late cancellation request). A change this tab made itself (model/own-writes.ts)
 * and a flag handled only merge: they are not news here. After the connection comes back,
 * everything is read again (missed events are not replayed).
 */
export function useAppointmentLiveUpdates(options: Options): LiveUpdates {
  const {
    clinicId,
    connect = true,
    subscribe = subscribeToServiceEvents,
    playSound = defaultPlaySound,
    ownWrites = tabOwnWrites,
  } = options;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [highlightedIds, setHighlighted] = useState<ReadonlySet<number>>(new Set());
  const [flashingIds, setFlashing] = useState<ReadonlySet<number>>(new Set());
  const [focus, setFocus] = useState<{ id: number; token: number } | null>(null);
  const [connection, setConnection] = useState<RealtimeStatus>('connecting');
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const throttle = useRef(createToastThrottle());
  const focusToken = useRef(0);
  const reconcileTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The handlers read the latest options without resubscribing on every filter change or render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const focusRow = useCallback(
    (appointmentId: number, dentistId: number | null = null) => {
      const token = ++focusToken.current;
      setFocus({ id: appointmentId, token });
      (latest.current.revealRow ?? scrollToRowElement)({ appointmentId, dentistId });
      later(FOCUS_HIGHLIGHT_MS, () => setFocus((current) => (current?.token === token ? null : current)));
    },
    [later],
  );

  const refreshLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.dentistDays() });
  }, [queryClient]);

  const announce = useCallback(
    (update: AppointmentUpdatedPayload, change: LiveChange) => {
      const text = updateNoticeText(update, latest.current.timeZone, change);
      const alarming = isAlarmingChange(update, change);
      if (noticeChannel(document.visibilityState === 'hidden', notificationPermission()) === 'desktop') {
        new Notification(LIVE_TEXT.notificationTitle, { body: text, tag: `appointment-${update.id}` });
        return;
      }
      if (!throttle.current(Date.now())) return;
      toast(text, {
        tone: alarming ? 'error' : 'info',
        durationMs: UPDATE_TOAST_MS,
        action: update.deleted
          ? undefined
          : { label: LIVE_TEXT.view, onClick: () => focusRow(update.id, update.dentist_id) },
      });
    },
    [focusRow, toast],
  );

  const markAndAnnounce = useCallback(
    (update: AppointmentUpdatedPayload, change: LiveChange) => {
      const without = (current: ReadonlySet<number>) => {
        const next = new Set(current);
        next.delete(update.id);
        return next;
      };
      if (update.deleted) {
        // Its row has left the list: nothing to highlight, and '{n} new update(s)' must not count it.
        setHighlighted(without);
        setFlashing(without);
      } else {
        setHighlighted((current) => new Set(current).add(update.id));
        setFlashing((current) => new Set(current).add(update.id));
        later(ROW_FLASH_MS, () => setFlashing(without));
      }
      playSound();
      announce(update, change);
    },
    [announce, later, playSound],
  );

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const handle = useCallback(
    (update: AppointmentUpdatedPayload) => {
      if (update.clinic_id !== clinicId) return;
      const previous = previousRow(queryClient, update);
      const previousFlagId = mergeOpenFlag(queryClient, update);
      mergeIntoReadYears(queryClient, update);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.dentistDays() });
      void queryClient.invalidateQueries({ queryKey: patientQueryKeys.searches(clinicId) });
      clearTimeout(reconcileTimer.current);
      reconcileTimer.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() }),
        RECONCILE_DELAY_MS,
      );
      if (!isUpdateForView(update, clinicId, latest.current.period)) return;
      const change = describeChange(update, previous, previousFlagId);
      // A flag handled (here or elsewhere) only takes its badge away; a patient renamed only renames the row.
      if (change.kind === 'flag-resolved' || change.kind === 'patient-renamed') return;
      // This tab's own write merges silently; a flag the patient raised meanwhile is news all the same.
      const decide = () => {
        if (!mounted.current) return;
        if (change.kind !== 'flagged' && ownWrites.isOwn(update)) return;
        markAndAnnounce(update, change);
      };
      if (ownWrites.busy()) void ownWrites.settled().then(decide);
      else decide();
    },
    [clinicId, markAndAnnounce, ownWrites, queryClient],
  );
  const latestHandle = useRef(handle);
  useEffect(() => {
    latestHandle.current = handle;
  }, [handle]);

  useEffect(() => {
    if (!connect) return;
    let closed = false;
    let lostConnection = false;
    let subscription: { close(): void } | undefined;
    void subscribe({
      clinicId,
      event: APPOINTMENT_UPDATED,
      onEvent: (update) => latestHandle.current(update),
      onStatus: (status) => {
        if (closed) return;
        if (status === 'reconnecting' || status === 'refused') lostConnection = true;
        if (status === 'connected' && lostConnection) {
          lostConnection = false;
          refreshLists();
        }
        setConnection(status);
      },
    }).then(
      (opened) => {
        if (closed) opened.close();
        else subscription = opened;
      },
      () => {
        if (!closed) setConnection('refused');
      },
    );
    return () => {
      closed = true;
      subscription?.close();
    };
  }, [clinicId, connect, refreshLists, subscribe]);

  useEffect(() => {
    const pending = timers.current;
    const reconcile = reconcileTimer;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      clearTimeout(reconcile.current);
    };
  }, []);

  const acknowledgeAll = useCallback(() => setHighlighted(new Set()), []);

  return { highlightedIds, flashingIds, focusedId: focus?.id ?? null, connection, acknowledgeAll, focusRow };
}
