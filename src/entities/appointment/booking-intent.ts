/**
 * The one handover between tabs that carries data: another tab (Recalls' 'Book', the chart's
 * treatment plan) asks the Appointments tab to open its Add Appointment form for a patient. Tabs
 * are not routes and features do not import each other, so the request waits here until the
 * Appointments screen takes it, once: a request is for the clinic it was made in, and a screen of
 * another clinic leaves it.
 */
import { useCallback, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { DashboardContext } from '@/lib/dashboard';

export interface BookingIntent {
  clinicId: number;
  patient: { id: number; name: string };
  /** The dentist to preselect, so their free slots show. */
  dentistId?: number;
  /** The price list's procedure to preselect: its name becomes the appointment's reason. */
  procedureId?: number;
  /**
   * Called with the new appointment's id once it is booked (a plan item keeps the appointment
   * booked for it). The Appointments screen tells the user when it rejects; the booking stands.
   */
  onBooked?: (appointmentId: number) => Promise<void>;
}

let waiting: BookingIntent | null = null;
const listeners = new Set<() => void>();

/** Leaves a request for the Appointments screen (the latest request wins). */
export function requestBooking(intent: BookingIntent): void {
  waiting = intent;
  for (const listener of listeners) listener();
}

/** The request waiting for `clinicId`, removed as it is handed over; null when there is none. */
export function takeBookingIntent(clinicId: number): BookingIntent | null {
  if (waiting?.clinicId !== clinicId) return null;
  const intent = waiting;
  waiting = null;
  return intent;
}

/**
 * For the Appointments screen: calls `onIntent` with a request for its clinic, the one waiting when
 * it mounts and any made while it is on screen, each once.
 */
export function useBookingIntent(clinicId: number, onIntent: (intent: BookingIntent) => void): void {
  const latest = useRef(onIntent);
  useLayoutEffect(() => {
    latest.current = onIntent;
  });
  useEffect(() => {
    const take = () => {
      const intent = takeBookingIntent(clinicId);
      if (intent) latest.current(intent);
    };
    take();
    listeners.add(take);
    return () => {
      listeners.delete(take);
    };
  }, [clinicId]);
}

/**
 * For another tab's 'Book': leaves the request and switches to Appointments, which opens the form.
 * Null outside the dashboard (a component test of the tab alone), where there is nowhere to go.
 */
export function useOpenBooking(): ((intent: BookingIntent) => void) | null {
  const dashboard = useContext(DashboardContext);
  const selectTab = dashboard?.selectTab;
  const open = useCallback(
    (intent: BookingIntent) => {
      requestBooking(intent);
      selectTab?.('appointments');
    },
    [selectTab],
  );
  return selectTab ? open : null;
}
