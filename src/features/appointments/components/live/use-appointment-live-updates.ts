import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { subscribeToServiceEvents, type RealtimeStatus } from '@/lib/realtime-client';
import {
  APPOINTMENT_UPDATED_EVENT,
  createToastThrottle,
  FOCUS_HIGHLIGHT_MS,
  isAlarmingStatus,
  isUpdateForView,
  noticeChannel,
  parseAppointmentUpdate,
  ROW_FLASH_MS,
  UPDATE_SOUND_VOLUME,
  UPDATE_TOAST_MS,
  updateNoticeText,
  type AppointmentUpdate,
} from '../../live-updates';
import type { PeriodRange } from '../../periods';
import { appointmentKeys } from '../../query-keys';

export const UPDATE_SOUND_URL = '/sounds/appointment-update.wav';

/** The DOM id of an appointment's row, so 'View' can scroll to it. */
export const appointmentRowId = (appointmentId: number) => `appointment-row-${appointmentId}`;

export interface LiveUpdates {
  /** Rows changed live and not yet acknowledged (persistent highlight). */
  highlightedIds: ReadonlySet<number>;
  /** Rows changed in the last 60 s (flash). */
  flashingIds: ReadonlySet<number>;
  /** The row 'View' scrolled to, highlighted for 4 s. */
  focusedId: number | null;
  connection: RealtimeStatus;
  acknowledgeAll(): void;
  focusRow(appointmentId: number): void;
}

interface Options {
  clinicId: number;
  timeZone: string;
  period: Pick<PeriodRange, 'start' | 'end'>;
  /** Injected in tests. */
  subscribe?: typeof subscribeToServiceEvents;
  playSound?: () => void;
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

function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * Live appointment updates (spec part 2 §4): every `appointment-updated` of this clinic inside
 * the viewed period refreshes the list (merging or adding the row), highlights it until
 * 'Acknowledge All', flashes it for 60 s, plays a sound, and tells the user — a desktop
 * notification when the tab is hidden and allowed, else a toast (one per 1.5 s, 6 s, with View).
 * Every update of the clinic also refreshes the booking form's slots and the patient list.
 */
export function useAppointmentLiveUpdates(options: Options): LiveUpdates {
  const { clinicId, timeZone, period, subscribe = subscribeToServiceEvents, playSound = defaultPlaySound } = options;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [highlightedIds, setHighlighted] = useState<ReadonlySet<number>>(new Set());
  const [flashingIds, setFlashing] = useState<ReadonlySet<number>>(new Set());
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [connection, setConnection] = useState<RealtimeStatus>('connecting');
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const throttle = useRef(createToastThrottle());

  // The handler reads the latest period and zone without resubscribing on every filter change.
  const latest = useRef({ period, timeZone });
  useEffect(() => {
    latest.current = { period, timeZone };
  }, [period, timeZone]);

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const focusRow = useCallback(
    (appointmentId: number) => {
      setFocusedId(appointmentId);
      document.getElementById(appointmentRowId(appointmentId))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      later(FOCUS_HIGHLIGHT_MS, () => setFocusedId((current) => (current === appointmentId ? null : current)));
    },
    [later],
  );

  const announce = useCallback(
    (update: AppointmentUpdate) => {
      const text = updateNoticeText(update, latest.current.timeZone);
      const alarming = update.deleted || isAlarmingStatus(update.status);
      if (noticeChannel(document.visibilityState === 'hidden', notificationPermission()) === 'desktop') {
        new Notification('Appointment updated', { body: text, tag: `appointment-${update.id}` });
        return;
      }
      if (!throttle.current(Date.now())) return;
      toast(text, {
        tone: alarming ? 'error' : 'info',
        durationMs: UPDATE_TOAST_MS,
        action: update.deleted ? undefined : { label: 'View', onClick: () => focusRow(update.id) },
      });
    },
    [focusRow, toast],
  );

  const handle = useCallback(
    (payload: unknown) => {
      const update = parseAppointmentUpdate(payload);
      if (!update || update.clinic_id !== clinicId) return;
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.dentistDays() });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.patients(clinicId) });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists() });
      if (!isUpdateForView(update, clinicId, latest.current.period)) return;
      setHighlighted((current) => new Set(current).add(update.id));
      setFlashing((current) => new Set(current).add(update.id));
      later(ROW_FLASH_MS, () =>
        setFlashing((current) => {
          const next = new Set(current);
          next.delete(update.id);
          return next;
        }),
      );
      playSound();
      announce(update);
    },
    [announce, clinicId, later, playSound, queryClient],
  );

  useEffect(() => {
    let closed = false;
    let subscription: { close(): void } | undefined;
    void subscribe({
      clinicId,
      event: APPOINTMENT_UPDATED_EVENT,
      onEvent: handle,
      onStatus: (status) => {
        if (!closed) setConnection(status);
      },
    }).then(
      (opened) => {
        if (closed) opened.close();
        else subscription = opened;
      },
      () => setConnection('refused'),
    );
    return () => {
      closed = true;
      subscription?.close();
    };
  }, [clinicId, handle, subscribe]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const acknowledgeAll = useCallback(() => setHighlighted(new Set()), []);

  return { highlightedIds, flashingIds, focusedId, connection, acknowledgeAll, focusRow };
}
