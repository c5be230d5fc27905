import { useCallback, useMemo, useState } from 'react';
import {
  clinicDaysRange,
  datesOfWeek,
  toWallClockDate,
  wallClockDate,
  wallClockParts,
  weekdayOf,
  type IsoDate,
} from '@common/clinic-calendar';
import { APPOINTMENT_STATUSES } from '@common/contract/appointment-status';
import { lazyView } from '@/components/lazy-view/lazy-view';
import { CLINIC_HOURS } from '@/entities/clinic';
import { useYearAppointments } from '../../model/api/get-appointments';
import type { ListDentistRecord } from '../../model/api/get-list-dentists';
import { DentistFilter } from '../../model/dentist-filter';
import type { AppointmentFormPrefill } from '../../model/form-prefill';
import { rowsInRange, rowsOfDentist } from '../../model/list-model';
import { CALENDAR_TEXT } from '../../model/messages';
import { calendarEvents, calendarSlotChoice, isLunchSlot, type SlotRefusal } from '../calendar-time';
import type { BackgroundBlock, BigCalendarProps, CalendarMode, CalendarResource } from './big-calendar-props';

/** react-big-calendar and its styles load only when someone opens the calendar. */
const BigCalendar = lazyView<BigCalendarProps>(() => import('./big-calendar'), { label: 'Loading calendar…' });

export interface AppointmentsCalendarProps {
  clinicId: number;
  timeZone: string;
  now: Date;
  dentists: readonly ListDentistRecord[];
  /** The Dentist filter, shared with the list. */
  dentistId: number | null;
  onDentist: (dentistId: number | null) => void;
  onOpenAppointment: (appointmentId: number) => void;
  onAddAt: (prefill: AppointmentFormPrefill) => void;
  onRefusedSlot: (reason: SlotRefusal) => void;
}

/** The clinic dates the calendar shows: Monday to Sunday of the week, or the one day. */
function visibleDates(anchor: IsoDate, view: CalendarMode): IsoDate[] {
  return view === 'day' ? [anchor] : datesOfWeek(anchor, 1);
}

const dentistLabel = (dentist: ListDentistRecord) => (dentist.is_active ? dentist.name : `${dentist.name} (Inactive)`);

/**
 * The calendar view (beyond the spec): a week or day in clinic time whatever the browser's
 * zone, 09:00–18:00 in 20-minute steps, lunch drawn as unavailable, events coloured by status,
 * one column per dentist in the day view. Clicking an event opens it for editing; selecting a
 * free slot opens Add with the dentist, date and time filled in.
 */
export function AppointmentsCalendar({
  clinicId,
  timeZone,
  now,
  dentists,
  dentistId,
  onDentist,
  onOpenAppointment,
  onAddAt,
  onRefusedSlot,
}: AppointmentsCalendarProps) {
  const dentistOptions = useMemo(
    () => [
      { value: null, label: CALENDAR_TEXT.allDentists },
      ...dentists
        .filter((dentist) => !dentist.deleted)
        .map((dentist) => ({ value: dentist.id, label: dentistLabel(dentist) })),
    ],
    [dentists],
  );
  const [view, setView] = useState<CalendarMode>('week');
  const [date, setDate] = useState<Date>(() => toWallClockDate(new Date(), timeZone));
  const anchor = wallClockParts(date).date;
  const dates = useMemo(() => visibleDates(anchor, view), [anchor, view]);
  const firstDate = dates[0]!;
  const lastDate = dates[dates.length - 1]!;

  const firstYear = useYearAppointments(clinicId, Number(firstDate.slice(0, 4)), timeZone);
  const lastYear = useYearAppointments(clinicId, Number(lastDate.slice(0, 4)), timeZone);

  const shownRows = useMemo(() => {
    const range = clinicDaysRange(firstDate, lastDate, timeZone);
    const first = rowsInRange(firstYear.data ?? [], range);
    const rows = firstYear.data === lastYear.data ? first : [...first, ...rowsInRange(lastYear.data ?? [], range)];
    return rowsOfDentist(rows, dentistId);
  }, [firstYear.data, lastYear.data, firstDate, lastDate, timeZone, dentistId]);

  const events = useMemo(() => calendarEvents(shownRows, timeZone), [shownRows, timeZone]);
  const live = useMemo(() => shownRows.filter((row) => row.status !== 'Cancelled'), [shownRows]);

  const resources = useMemo<CalendarResource[] | undefined>(() => {
    if (view !== 'day') return undefined;
    const withEvents = new Set(shownRows.map((row) => row.dentist_id));
    return dentists
      .filter((dentist) => dentistId === null || dentist.id === dentistId)
      .filter((dentist) => (!dentist.deleted && dentist.is_active) || withEvents.has(dentist.id))
      .map((dentist) => ({ id: dentist.id, name: dentistLabel(dentist) }));
  }, [view, dentists, dentistId, shownRows]);

  const lunches = useMemo<BackgroundBlock[]>(() => {
    const columns: (number | undefined)[] = resources?.map((resource) => resource.id) ?? [undefined];
    return dates
      .filter((day) => weekdayOf(day) !== 0)
      .flatMap((day) =>
        columns.map((resourceId) => ({
          id: `lunch-${day}-${resourceId ?? 'all'}`,
          title: CALENDAR_TEXT.lunchLabel,
          start: wallClockDate(day, CLINIC_HOURS.lunchStart),
          end: wallClockDate(day, CLINIC_HOURS.lunchEnd),
          ...(resourceId === undefined ? {} : { resourceId }),
        })),
      );
  }, [dates, resources]);

  const selectSlot = useCallback(
    (start: Date, resourceId: number | undefined) => {
      const choice = calendarSlotChoice({
        start,
        resourceId,
        dentistFilter: dentistId,
        now,
        timeZone,
        liveAppointments: live,
      });
      if (choice.ok) onAddAt(choice.prefill);
      else onRefusedSlot(choice.reason);
    },
    [dentistId, now, timeZone, live, onAddAt, onRefusedSlot],
  );

  return (
    <div className="appointments-calendar" data-testid="appointments-calendar" data-date={anchor} data-view={view}>
      <div className="appointments-calendar-tools">
        <DentistFilter options={dentistOptions} dentistId={dentistId} onDentist={onDentist} />
        <ul className="calendar-legend" aria-label="Status colours">
          {APPOINTMENT_STATUSES.map((status) => (
            <li
              key={status}
              className={`calendar-legend-item calendar-legend-${status.replace(' ', '-').toLowerCase()}`}
            >
              {status}
            </li>
          ))}
        </ul>
      </div>
      <div className="appointments-calendar-frame">
        <BigCalendar
          events={events}
          backgroundEvents={lunches}
          resources={resources}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          now={toWallClockDate(now, timeZone)}
          min={wallClockDate(anchor, CLINIC_HOURS.open)}
          max={wallClockDate(anchor, CLINIC_HOURS.close)}
          stepMinutes={CLINIC_HOURS.slotMinutes}
          isLunch={isLunchSlot}
          onSelectSlot={selectSlot}
          onSelectEvent={onOpenAppointment}
        />
      </div>
    </div>
  );
}
