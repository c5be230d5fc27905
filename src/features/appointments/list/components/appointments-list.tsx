import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { EmptyState, LoadingState } from '@/components/states/states';
import { useToast } from '@/components/toast/toast-context';
import { AddInvoiceModalSlot, useHasFeatureSlot, type AddInvoicePrefill } from '@/lib/feature-slots';
import { useYearAppointments } from '../../model/api/get-appointments';
import type { ListDentistRecord } from '../../model/api/get-list-dentists';
import type { ListAppointment } from '../../model/api/list-columns';
import { useOpenFlags, type OpenFlag } from '../../model/api/open-flags';
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
import { billedAppointmentsKey, useBilledAppointments } from '../api/get-billed-appointments';
import { getProcedurePrices } from '../api/get-procedure-prices';
import { billTotalCentavos, procedureNameOfReason } from '../bill';
import { BILL_TEXT } from '../messages';
import { cardRowOffsets, centredScrollTop, listWindows, type CardShape } from '../row-window';
import type { AppointmentRowActions } from './appointment-row';
import { DentistCard, type RowMarks } from './dentist-card';
import { ListFilters } from './list-filters';
import { APPOINTMENT_ROW_HEIGHT, CARD_GEOMETRY, OVERSCAN_ROWS, WINDOWING_THRESHOLD } from './list-geometry';
import { useKeepAppointment } from './use-keep-appointment';
import { useViewport } from './viewport';

const NO_ROWS: readonly ListAppointment[] = Object.freeze([]);
const NO_FLAGS: readonly OpenFlag[] = Object.freeze([]);
const NO_INVOICES: ReadonlyMap<number, number> = new Map();

/** A request to bring an appointment's row on screen ('View' on a live update); `seq` tells requests apart. */
export interface RevealRequest {
  appointmentId: number;
  seq: number;
}

/** Where the cards really are: the container's top on the page and, per dentist, how far off the geometry was. */
interface MeasuredPlacement {
  pageTop: number;
  drift: ReadonlyMap<number, number>;
}

/** Until the first measurement: about where the cards start below the header, summary and filters. */
const INITIAL_PLACEMENT: MeasuredPlacement = { pageTop: 260, drift: new Map() };
/** Differences below this (px) are rounding, not worth a render. */
const DRIFT_TOLERANCE = 2;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function samePlacement(a: MeasuredPlacement, b: MeasuredPlacement): boolean {
  if (Math.abs(a.pageTop - b.pageTop) >= 1 || a.drift.size !== b.drift.size) return false;
  for (const [dentistId, drift] of a.drift) {
    if (Math.abs(drift - (b.drift.get(dentistId) ?? Number.NaN)) >= DRIFT_TOLERANCE || !b.drift.has(dentistId))
      return false;
  }
  return true;
}

/**
 * Which rows of each long card to render. Where the cards are follows from their fixed heights
 * and order (row-window.ts), so a filter change renders the right rows at once without reading
 * the layout; the real placement is measured after the browser has drawn the frame (when reading
 * it costs nothing) and corrects the next render if the page moved (filters wrapping on a narrow
 * screen, a horizontal scrollbar under a table). After a filter change (`view`: the period and
 * the dentist) the first frame draws only the rows on screen; the rows just off it (OVERSCAN_ROWS,
 * so scrolling and tabbing never meet a gap) follow in a render after that frame — on a slow
 * tablet a row costs several ms, and most of a filter change's rows were off screen
 * (bench/tablet.bench.ts).
 */
function useCardWindows(
  cardsRef: RefObject<HTMLDivElement | null>,
  groups: readonly { dentistId: number }[],
  shapes: readonly CardShape[],
  view: string,
) {
  const viewport = useViewport();
  const [placement, setPlacement] = useState<MeasuredPlacement>(INITIAL_PLACEMENT);
  // The view last drawn (null: none yet): a view already drawn gets the off-screen rows too.
  const [drawnView, setDrawnView] = useState<string | null>(null);
  const windows = listWindows({
    cards: shapes,
    geometry: CARD_GEOMETRY,
    containerTop: placement.pageTop - viewport.scrollY,
    viewportHeight: viewport.height,
    overscan: drawnView === null || drawnView === view ? OVERSCAN_ROWS : 0,
    threshold: WINDOWING_THRESHOLD,
    drift: groups.map((group) => placement.drift.get(group.dentistId) ?? 0),
  });

  const rendered = useRef({ groups, shapes, view });
  useEffect(() => {
    rendered.current = { groups, shapes, view };
  });
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => {
        const container = cardsRef.current;
        if (!container) return;
        const box = container.getBoundingClientRect();
        const { groups: cards, shapes: cardShapes, view: drawn } = rendered.current;
        const offsets = cardRowOffsets(cardShapes, CARD_GEOMETRY);
        const drift = new Map<number, number>();
        cards.forEach((card, index) => {
          const offset = offsets[index];
          if (offset === null || offset === undefined || cardShapes[index]!.rowCount <= WINDOWING_THRESHOLD) return;
          const body = container.querySelector(`[data-dentist-id="${card.dentistId}"] tbody`);
          if (body) drift.set(card.dentistId, Math.round(body.getBoundingClientRect().top - box.top - offset));
        });
        const next = { pageTop: Math.round(box.top + window.scrollY), drift };
        setPlacement((current) => (samePlacement(current, next) ? current : next));
        setDrawnView(drawn);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  });
  return windows;
}

/**
 * 'Bill' on Completed appointments (issue 13, item 5), where the app offers billing: the Add
 * Invoice modal opens with the patient, the appointment and the procedure's current price (read
 * when 'Bill' is pressed, so a later price change never touches an invoice already made).
 */
function useBillAction(clinicId: number) {
  const canBill = useHasFeatureSlot('AddInvoiceModal');
  const billedAppointments = useBilledAppointments(clinicId, canBill);
  const [prefill, setPrefill] = useState<AddInvoicePrefill | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  const bill = useCallback(
    async (appointment: ListAppointment) => {
      let totalCentavos: number | undefined;
      try {
        totalCentavos = billTotalCentavos(
          await getProcedurePrices(clinicId, procedureNameOfReason(appointment.reason)),
        );
      } catch {
        toast(BILL_TEXT.priceUnreadable, { tone: 'error' });
      }
      setPrefill({
        patient: { id: appointment.patient_id, name: appointment.patient?.name ?? LIST_TEXT.unknownPatient },
        appointmentId: appointment.id,
        ...(totalCentavos === undefined ? {} : { totalCentavos }),
      });
    },
    [clinicId, toast],
  );
  const close = useCallback(() => {
    setPrefill(null);
    void queryClient.invalidateQueries({ queryKey: billedAppointmentsKey(clinicId) });
  }, [clinicId, queryClient]);

  return {
    billed: billedAppointments.data ?? NO_INVOICES,
    onBill: canBill ? bill : undefined,
    billDialog: prefill ? <AddInvoiceModalSlot clinicId={clinicId} prefill={prefill} onClose={close} /> : null,
  };
}

/**
 * The Appointments list (spec §2): summary, filters and one card per dentist. The rows of the
 * selected year are read once; each filter change is a binary-searched slice plus a grouping,
 * memoised, and long cards render only the rows near the screen. Rows changed live are marked
 * (spec §4).
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
}) {
  const appointments = useYearAppointments(clinicId, selection.year, timeZone);
  const span = useAppointmentTimeSpan(clinicId);
  const rows = appointments.data ?? NO_ROWS;
  const cardsRef = useRef<HTMLDivElement>(null);
  // Patients' late cancellation requests, on their rows (a failed read shows none, as the list does).
  const openFlags = useOpenFlags(clinicId).data ?? NO_FLAGS;
  const flags = useMemo(() => new Map(openFlags.map((flag) => [flag.appointment_id, flag])), [openFlags]);
  const keepAppointment = useKeepAppointment(clinicId);
  const { billed, onBill, billDialog } = useBillAction(clinicId);

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
            read is the spec's silent empty list (part 2 §8), and counts 0. */}
        {appointments.isPending ? '' : periodSummary(shown.length, selection.view)}
      </p>
      <ListFilters
        selection={selection}
        onSelection={changeSelection}
        dentistOptions={dentistOptions}
        dentistId={dentistId}
        onDentist={onDentist}
        years={years}
      />
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
