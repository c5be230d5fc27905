import { useCallback, useEffect, useMemo, useRef } from 'react';
import { EmptyState, LoadingState } from '@/components/states/states';
import { useYearAppointments } from '../../model/api/get-appointments';
import type { ListDentistRecord } from '../../model/api/get-list-dentists';
import type { ListAppointment } from '../../model/api/list-columns';
import { useOpenFlags, type OpenFlag } from '../../model/api/open-flags';
import { DentistFilter } from '../../model/dentist-filter';
import { dentistFilterOptions, groupByDentist } from '../../model/grouping';
import { rowsInRange, rowsOfDentist } from '../../model/list-model';
import { LIST_TEXT } from '../../model/messages';
import {
  normalizePeriodSelection,
  periodRange,
  periodSummary,
  yearOptions,
  type PeriodSelection,
} from '../../model/periods';
import { useAppointmentTimeSpan } from '../api/get-appointment-years';
import { centredScrollTop } from '../row-window';
import type { AppointmentRowActions } from './appointment-row';
import { DentistCard, type RowMarks } from './dentist-card';
import { APPOINTMENT_ROW_HEIGHT } from './list-geometry';
import { PeriodFilters } from './period-filters';
import { useBillAction } from './use-bill-action';
import { useCardWindows } from './use-card-windows';
import { useKeepAppointment } from './use-keep-appointment';

const NO_ROWS: readonly ListAppointment[] = Object.freeze([]);
const NO_FLAGS: readonly OpenFlag[] = Object.freeze([]);

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A request to bring an appointment's row on screen ('View' on a live update); `seq` tells requests apart. */
export interface RevealRequest {
  appointmentId: number;
  seq: number;
}

/**
 * The Appointments list: summary, filters and one card per dentist. The rows of the
 * selected year are read once; each filter change is a binary-searched slice plus a grouping,
 * memoised, and long cards render only the rows near the screen. Rows changed live are marked.
 */
export function AppointmentsList({
  clinicId,
  timeZone,
  now,
  selection,
  onSelection,
  dentistId,
  onDentist,
  dentists,
  dentistsPending = false,
  collapsed,
  onToggle,
  pending,
  marks,
  revealRequest,
  actions,
  firstScreenDrawn,
}: {
  clinicId: number;
  timeZone: string;
  now: Date;
  selection: PeriodSelection;
  onSelection: (selection: PeriodSelection) => void;
  dentistId: number | null;
  onDentist: (dentistId: number | null) => void;
  /** Every dentist of the clinic, soft-deleted ones included (for their appointments' names). */
  dentists: readonly ListDentistRecord[];
  /**
   * The dentists are still being read: the cards wait for them, since their order and titles come
   * from the dentists (drawn before, they would be re-ordered in front of the user).
   */
  dentistsPending?: boolean;
  /** Dentists whose cards are collapsed. */
  collapsed: ReadonlySet<number>;
  onToggle: (dentistId: number) => void;
  pending: ReadonlySet<number>;
  marks: RowMarks;
  /** The row to scroll to; its card is expanded by the screen. */
  revealRequest: RevealRequest | null;
  actions: AppointmentRowActions;
  /**
   * The list's first read has been drawn. The years, flags and bills are read only then: on a slow
   * phone they would otherwise compete with the rows' own paint.
   */
  firstScreenDrawn: boolean;
}) {
  const appointments = useYearAppointments(clinicId, selection.year, timeZone);
  const span = useAppointmentTimeSpan(clinicId, firstScreenDrawn);
  const rows = appointments.data ?? NO_ROWS;
  const cardsRef = useRef<HTMLDivElement>(null);
  // Patients' late cancellation requests, on their rows (a failed read shows none, as the list does).
  const openFlags = useOpenFlags(clinicId, firstScreenDrawn).data ?? NO_FLAGS;
  const flags = useMemo(() => new Map(openFlags.map((flag) => [flag.appointment_id, flag])), [openFlags]);
  const keepAppointment = useKeepAppointment(clinicId);
  const { billed, onBill, billDialog } = useBillAction(clinicId, firstScreenDrawn);

  const edges = [span.data?.earliest, span.data?.latest].filter((time): time is string => Boolean(time));
  const options = yearOptions(
    edges.map((appointment_time) => ({ appointment_time })),
    now,
    timeZone,
  );
  const yearsKey = (
    options.includes(selection.year) ? options : [...options, selection.year].sort((a, b) => a - b)
  ).join();
  const years = useMemo(() => yearsKey.split(',').map(Number), [yearsKey]);

  const range = useMemo(() => periodRange(selection, timeZone), [selection, timeZone]);
  const inPeriod = useMemo(() => rowsInRange(rows, range), [rows, range]);
  const filterDentists = useMemo(() => dentists.filter((dentist) => !dentist.deleted), [dentists]);
  const dentistOptions = useMemo(() => dentistFilterOptions(filterDentists, inPeriod), [filterDentists, inPeriod]);
  const shown = useMemo(() => rowsOfDentist(inPeriod, dentistId), [inPeriod, dentistId]);
  const groups = useMemo(() => groupByDentist(shown, dentists, dentistId), [shown, dentists, dentistId]);
  const shapes = useMemo(
    () => groups.map((group) => ({ rowCount: group.appointments.length, expanded: !collapsed.has(group.dentistId) })),
    [groups, collapsed],
  );
  const view = `${range.start.getTime()}-${range.end.getTime()}-${dentistId ?? 'all'}`;
  const windows = useCardWindows(cardsRef, groups, shapes, view);

  // 'View': scroll to the row once its card is on the page and expanded (the rows of a long card
  // are rendered only near the screen, so the row's place is computed from its card's body).
  const revealed = useRef(0);
  useEffect(() => {
    if (!revealRequest || revealed.current === revealRequest.seq) return;
    const cardIndex = groups.findIndex((group) =>
      group.appointments.some((appointment) => appointment.id === revealRequest.appointmentId),
    );
    const group = groups[cardIndex];
    if (!group || collapsed.has(group.dentistId)) return;
    const body = cardsRef.current?.querySelector(`[data-dentist-id="${group.dentistId}"] tbody`);
    if (!body) return;
    revealed.current = revealRequest.seq;
    const rowIndex = group.appointments.findIndex((appointment) => appointment.id === revealRequest.appointmentId);
    const rowPageTop = body.getBoundingClientRect().top + window.scrollY + rowIndex * APPOINTMENT_ROW_HEIGHT;
    window.scrollTo({
      top: centredScrollTop(rowPageTop, APPOINTMENT_ROW_HEIGHT, window.innerHeight),
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, [revealRequest, groups, collapsed]);

  const changeSelection = useCallback(
    (next: PeriodSelection) => onSelection(normalizePeriodSelection(next)),
    [onSelection],
  );
  const loading = (appointments.isPending && appointments.fetchStatus !== 'idle') || dentistsPending;
  return (
    <div className="appointments-list">
      <p className="appointments-summary" data-testid="appointments-summary" aria-live="polite">
        {/* No count while the rows are on their way: a "Total: 0" there would not be true. A failed
            read is the spec's silent empty list, and counts 0. */}
        {appointments.isPending ? '' : periodSummary(shown.length, selection.view)}
      </p>
      <div className="appointments-filters" role="group" aria-label="Filters">
        <DentistFilter options={dentistOptions} dentistId={dentistId} onDentist={onDentist} />
        <PeriodFilters selection={selection} onSelection={changeSelection} years={years} />
      </div>
      <div
        ref={cardsRef}
        className="appointments-cards"
        data-testid="appointments-cards"
        aria-busy={loading || undefined}
      >
        {loading ? (
          <LoadingState label="Loading appointments…" />
        ) : groups.length === 0 ? (
          <EmptyState title={LIST_TEXT.noAppointments} />
        ) : (
          groups.map((group, index) => (
            <DentistCard
              key={group.dentistId}
              group={group}
              expanded={shapes[index]!.expanded}
              onToggle={onToggle}
              windowStart={windows[index]!.start}
              windowEnd={windows[index]!.end}
              timeZone={timeZone}
              now={now}
              pending={pending}
              marks={marks}
              actions={actions}
              flags={flags}
              onKeep={keepAppointment}
              billed={billed}
              onBill={onBill}
            />
          ))
        )}
      </div>
      {billDialog}
    </div>
  );
}
