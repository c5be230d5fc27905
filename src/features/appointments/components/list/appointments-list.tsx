import { useCallback, useMemo, useState } from 'react';
import { EmptyState, LoadingState } from '@/components/states/states';
import { useAppointmentTimeSpan } from '../../api/get-appointment-years';
import { useYearAppointments } from '../../api/get-appointments';
import type { ListAppointment } from '../../api/list-columns';
import type { ListDentistRecord } from '../../api/get-list-dentists';
import { dentistFilterOptions, groupByDentist } from '../../grouping';
import { LIST_TEXT } from '../../list-messages';
import { rowsInRange, rowsOfDentist } from '../../list-model';
import { normalizePeriodSelection, periodRange, periodSummary, yearOptions, type PeriodSelection } from '../../periods';
import type { AppointmentRowActions } from './appointment-row';
import { DentistCard } from './dentist-card';
import { ListFilters } from './list-filters';

const NO_ROWS: readonly ListAppointment[] = Object.freeze([]);

/**
 * The Appointments list (spec §2): summary, filters and one card per dentist. The rows of the
 * selected year are read once; each filter change is a binary-searched slice plus a grouping,
 * memoised, and long cards render only the rows near the screen.
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
  pending,
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
  pending: ReadonlySet<number>;
  actions: AppointmentRowActions;
}) {
  const appointments = useYearAppointments(clinicId, selection.year, timeZone);
  const span = useAppointmentTimeSpan(clinicId);
  const rows = appointments.data ?? NO_ROWS;
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const edges = [span.data?.earliest, span.data?.latest].filter((time): time is string => Boolean(time));
  const options = yearOptions(
    edges.map((appointment_time) => ({ appointment_time })),
    now,
    timeZone,
  );
  const years = options.includes(selection.year) ? options : [...options, selection.year].sort((a, b) => a - b);

  const range = useMemo(() => periodRange(selection, timeZone), [selection, timeZone]);
  const inPeriod = useMemo(() => rowsInRange(rows, range), [rows, range]);
  const filterDentists = useMemo(() => dentists.filter((dentist) => !dentist.deleted), [dentists]);
  const dentistOptions = useMemo(() => dentistFilterOptions(filterDentists, inPeriod), [filterDentists, inPeriod]);
  const shown = useMemo(() => rowsOfDentist(inPeriod, dentistId), [inPeriod, dentistId]);
  const groups = useMemo(() => groupByDentist(shown, dentists, dentistId), [shown, dentists, dentistId]);

  const changeSelection = useCallback(
    (next: PeriodSelection) => onSelection(normalizePeriodSelection(next)),
    [onSelection],
  );
  const toggle = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const loading = appointments.isPending && appointments.fetchStatus !== 'idle';
  return (
    <div className="appointments-list">
      <p className="appointments-summary" data-testid="appointments-summary" aria-live="polite">
        {periodSummary(shown.length, selection.view)}
      </p>
      <ListFilters
        selection={selection}
        onSelection={changeSelection}
        dentistOptions={dentistOptions}
        dentistId={dentistId}
        onDentist={onDentist}
        years={years}
      />
      <div className="appointments-cards" data-testid="appointments-cards" aria-busy={loading || undefined}>
        {loading ? (
          <LoadingState label="Loading appointments…" />
        ) : groups.length === 0 ? (
          <EmptyState title={LIST_TEXT.noAppointments} />
        ) : (
          groups.map((group) => (
            <DentistCard
              key={group.dentistId}
              group={group}
              expanded={!collapsed.has(group.dentistId)}
              onToggle={toggle}
              timeZone={timeZone}
              now={now}
              pending={pending}
              actions={actions}
            />
          ))
        )}
      </div>
    </div>
  );
}
