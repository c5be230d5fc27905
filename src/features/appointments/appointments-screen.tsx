import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppointmentStatus } from '@common/contract';
import { lazyModal } from '@/components/lazy-view/lazy-modal';
import { namedExport, useAfterFirstPaint, usePreloadOnceRead } from '@/components/lazy-view/lazy-view';
import { Screen } from '@/components/screen/screen';
import { LoadingState } from '@/components/states/states';
import { useToast } from '@/components/toast/toast-context';
import { useBookingIntent } from '@/entities/appointment';
import { useClinicZone } from '@/entities/clinic';
import { useSession } from '@/lib/session';
import { useNow } from '@/lib/use-now';
import { BOOKING_MESSAGES } from './booking/messages';
import type { SlotRefusal } from './calendar/calendar-time';
import { AppointmentsCalendar } from './calendar/components/appointments-calendar';
import { ExportAppointmentsButton } from './export/components/export-appointments-button';
import type { AppointmentRowActions } from './list/components/appointment-row';
import { AppointmentsList, type RevealRequest } from './list/components/appointments-list';
import type { RowMarks } from './list/components/dentist-card';
import { DesktopNotificationsOffer } from './live/components/desktop-notifications-offer';
import { LiveConnectionNotice } from './live/components/live-connection-notice';
import { useAppointmentLiveUpdates, type RowTarget } from './live/components/use-appointment-live-updates';
import { LIVE_TEXT, pendingUpdatesLabel } from './live/messages';
import { usePrefetchYearAppointments } from './model/api/get-appointments';
import { useListDentists, type ListDentistRecord } from './model/api/get-list-dentists';
import type { ListAppointment } from './model/api/list-columns';
import type { AppointmentFormPrefill } from './model/form-prefill';
import { CALENDAR_TEXT, LIST_TEXT } from './model/messages';
import { defaultPeriodSelection, periodRange, type PeriodSelection } from './model/periods';
import { appointmentKeys } from './model/query-keys';
import { useAppointmentActions } from './status/components/use-appointment-actions';
import '@/components/table/data-table.css';
import './appointments.css';

type Mode = 'list' | 'calendar';

type OpenModal =
  | { kind: 'add'; prefill?: AppointmentFormPrefill; onBooked?: (appointmentId: number) => Promise<void> }
  | { kind: 'edit'; appointmentId: number }
  | { kind: 'reminders'; appointmentId: number };

// The booking form (with its slot grid and patient search) and the Reminder modal with its three
// cards are chunks of their own: opened from a button or a row, they are not needed to draw the
// list (less JavaScript before the tab's first paint on a slow phone or tablet). The
// pointer coming over the screen, or the focus coming into it, starts their download; so does the
// browser's first idle moment after the list's rows have been drawn.
const AppointmentFormModal = lazyModal(
  namedExport(() => import('./booking/components/appointment-form-modal'), 'AppointmentFormModal'),
  { label: 'Loading the appointment form…' },
);
const ReminderModal = lazyModal(
  namedExport(() => import('./reminders/components/reminder-modal'), 'ReminderModal'),
  { label: 'Loading reminders…' },
);
const preloadModals = () => {
  AppointmentFormModal.preload();
  ReminderModal.preload();
};

/**
 * Whether the list's first read has finished (before the screen opened, by the dashboard's warm
 * start, counts too).
 */
function useListFirstRead(clinicId: number): boolean {
  const queryClient = useQueryClient();
  const listReads = useIsFetching({ queryKey: appointmentKeys.list(clinicId) });
  const listWasFetched = useRef(false);
  const [read, setRead] = useState(false);
  useEffect(() => {
    const readBefore = () =>
      queryClient.getQueriesData({ queryKey: appointmentKeys.list(clinicId) }).some(([, data]) => data !== undefined);
    if (listReads > 0) listWasFetched.current = true;
    else if (listWasFetched.current || readBefore()) setRead(true);
  }, [listReads, queryClient, clinicId]);
  return read;
}

const NO_DENTISTS: readonly ListDentistRecord[] = Object.freeze([]);

/** A calendar slot that cannot be booked: the booking form's words where the spec gives them. */
const REFUSALS: Record<SlotRefusal, string> = {
  past: BOOKING_MESSAGES.invalidSlot,
  sunday: BOOKING_MESSAGES.closedDay,
  lunch: CALENDAR_TEXT.lunch,
  closed: CALENDAR_TEXT.closed,
  booked: BOOKING_MESSAGES.invalidSlot,
};

/** The screen for the clinic the session works on (the superadmin's choice, or the user's own). */
export function AppointmentsForActiveClinic() {
  const { clinic } = useSession();
  if (clinic.id === null) return <LoadingState label="Loading clinics…" />;
  return <AppointmentsScreen key={clinic.id} clinicId={clinic.id} />;
}

/** Waits for the clinic's time zone (every date here is in it); Asia/Manila if it cannot be read. */
export function AppointmentsScreen({ clinicId }: { clinicId: number }) {
  const { timeZone } = useClinicZone(clinicId, { untilKnown: true });
  if (timeZone === undefined) return <LoadingState label="Loading appointments…" />;
  return <AppointmentsWorkspace clinicId={clinicId} timeZone={timeZone} />;
}

/**
 * The Appointments tab: the list with its filters and cards, or the calendar; Add Appointment; the
 * booking form for Add and Edit; the Reminder modal; live updates of the clinic's appointments
 * ('Acknowledge All' with '{n} new update(s)', marked rows, toasts whose 'View' brings the row on
 * screen). Both views read the same queries, which live updates refresh.
 */
function AppointmentsWorkspace({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const now = useNow();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>('list');
  const [selection, setSelection] = useState<PeriodSelection>(() => defaultPeriodSelection(new Date(), timeZone));
  usePrefetchYearAppointments(clinicId, selection.year, timeZone);
  const dentistsQuery = useListDentists(clinicId);
  const dentists = dentistsQuery.data ?? NO_DENTISTS;
  const [dentistId, setDentistId] = useState<number | null>(null);
  const [modal, setModal] = useState<OpenModal | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [revealRequest, setRevealRequest] = useState<RevealRequest | null>(null);
  const { changeStatus, remove, pending } = useAppointmentActions(clinicId, timeZone);
  // What the first screen does not need waits until it is drawn: the live connection, and the
  // modals' code (downloaded when the browser is idle, so a tap on a tablet opens a form at once).
  const firstScreenDrawn = useAfterFirstPaint(useListFirstRead(clinicId));
  usePreloadOnceRead(firstScreenDrawn, preloadModals);

  // 'View' on a live update: show the list, every dentist unless the row's is the one chosen, the
  // row's card expanded; the list then scrolls to the row.
  const revealRow = useCallback(({ appointmentId, dentistId: rowDentistId }: RowTarget) => {
    setMode('list');
    if (rowDentistId !== null) {
      setDentistId((chosen) => (chosen === null || chosen === rowDentistId ? chosen : null));
      setCollapsed((current) => {
        if (!current.has(rowDentistId)) return current;
        const next = new Set(current);
        next.delete(rowDentistId);
        return next;
      });
    }
    setRevealRequest((current) => ({ appointmentId, seq: (current?.seq ?? 0) + 1 }));
  }, []);
  const period = useMemo(() => periodRange(selection, timeZone), [selection, timeZone]);
  const live = useAppointmentLiveUpdates({ clinicId, timeZone, period, revealRow, connect: firstScreenDrawn });
  const marks = useMemo<RowMarks>(
    () => ({ highlighted: live.highlightedIds, flashing: live.flashingIds, focused: live.focusedId }),
    [live.highlightedIds, live.flashingIds, live.focusedId],
  );
  const toggleCard = useCallback((dentistId: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(dentistId)) next.delete(dentistId);
      else next.add(dentistId);
      return next;
    });
  }, []);
  const updates = live.highlightedIds.size;

  const actions = useMemo<AppointmentRowActions>(
    () => ({
      edit: (appointment: ListAppointment) => setModal({ kind: 'edit', appointmentId: appointment.id }),
      remove: (appointment: ListAppointment) => void remove(appointment),
      reminders: (appointment: ListAppointment) => setModal({ kind: 'reminders', appointmentId: appointment.id }),
      changeStatus: (appointment: ListAppointment, status: AppointmentStatus) => void changeStatus(appointment, status),
    }),
    [changeStatus, remove],
  );
  const close = useCallback(() => setModal(null), []);
  const openEdit = useCallback((appointmentId: number) => setModal({ kind: 'edit', appointmentId }), []);
  const openAdd = useCallback((prefill: AppointmentFormPrefill) => setModal({ kind: 'add', prefill }), []);
  const refuseSlot = useCallback((reason: SlotRefusal) => toast(REFUSALS[reason], { tone: 'info' }), [toast]);
  // 'Book' in another tab (Recalls, a treatment plan): the Add form opens with the patient, and the
  // dentist and procedure when the tab named them; the tab hears of the booked appointment.
  useBookingIntent(clinicId, ({ patient, dentistId, procedureId, onBooked }) =>
    setModal({ kind: 'add', prefill: { patient, dentistId, procedureId }, onBooked }),
  );
  // The tab that asked is told of a new appointment only: the Add form may have turned into editing
  // an existing one ('Edit Existing Appointment'), whose save books nothing.
  const onBooked = modal?.kind === 'add' ? modal.onBooked : undefined;
  const tellBooked = useCallback(
    (appointmentId: number) => {
      onBooked?.(appointmentId).catch((error: unknown) => {
        console.error('Ngiti: telling the booking tab of the appointment failed', error);
        toast(LIST_TEXT.handoverFailed, { tone: 'error' });
      });
    },
    [onBooked, toast],
  );

  return (
    <Screen
      className="appointments-screen"
      headerClassName="appointments-header"
      titleId="appointments-title"
      title={LIST_TEXT.title}
      data-live={live.connection}
      onPointerOver={preloadModals}
      onFocus={preloadModals}
      tools={
        <div className="appointments-header-tools">
          <LiveConnectionNotice status={live.connection} />
          {updates > 0 ? (
            <div className="live-updates" role="group" aria-label="Live updates">
              <span className="live-updates-pill" data-testid="live-updates-pill">
                {pendingUpdatesLabel(updates)}
              </span>
              <button type="button" className="button button-secondary button-small" onClick={live.acknowledgeAll}>
                {LIVE_TEXT.acknowledgeAll}
              </button>
            </div>
          ) : null}
          <div className="view-switch" role="group" aria-label="Show appointments as">
            {(['list', 'calendar'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className="view-switch-button"
                aria-pressed={mode === value}
                onClick={() => setMode(value)}
              >
                {value === 'list' ? LIST_TEXT.listView : LIST_TEXT.calendarView}
              </button>
            ))}
          </div>
          {mode === 'list' ? (
            <ExportAppointmentsButton clinicId={clinicId} period={period} dentistId={dentistId} />
          ) : null}
          <button type="button" className="button button-primary" onClick={() => setModal({ kind: 'add' })}>
            {LIST_TEXT.add}
          </button>
          <DesktopNotificationsOffer />
        </div>
      }
    >
      {mode === 'list' ? (
        <AppointmentsList
          clinicId={clinicId}
          timeZone={timeZone}
          now={now}
          selection={selection}
          onSelection={setSelection}
          dentistId={dentistId}
          onDentist={setDentistId}
          dentists={dentists}
          dentistsPending={dentistsQuery.isPending && dentistsQuery.fetchStatus !== 'idle'}
          collapsed={collapsed}
          onToggle={toggleCard}
          pending={pending}
          marks={marks}
          revealRequest={revealRequest}
          actions={actions}
          firstScreenDrawn={firstScreenDrawn}
        />
      ) : (
        <AppointmentsCalendar
          clinicId={clinicId}
          timeZone={timeZone}
          now={now}
          dentists={dentists}
          dentistId={dentistId}
          onDentist={setDentistId}
          onOpenAppointment={openEdit}
          onAddAt={openAdd}
          onRefusedSlot={refuseSlot}
        />
      )}

      {modal?.kind === 'add' ? (
        <AppointmentFormModal
          clinicId={clinicId}
          timeZone={timeZone}
          prefill={modal.prefill}
          onClose={close}
          onSaved={close}
          onBooked={modal.onBooked ? tellBooked : undefined}
        />
      ) : null}
      {modal?.kind === 'edit' ? (
        <AppointmentFormModal
          key={modal.appointmentId}
          clinicId={clinicId}
          timeZone={timeZone}
          appointmentId={modal.appointmentId}
          onClose={close}
          onSaved={close}
        />
      ) : null}
      {modal?.kind === 'reminders' ? (
        <ReminderModal
          key={modal.appointmentId}
          clinicId={clinicId}
          timeZone={timeZone}
          appointmentId={modal.appointmentId}
          onClose={close}
        />
      ) : null}
    </Screen>
  );
}
