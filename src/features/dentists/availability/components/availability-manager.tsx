import { useId, useMemo, useState } from 'react';
import { addDays, clinicInstant, monthOf, weekdayName, type IsoDate } from '@common/clinic-calendar';
import { confirmDialog } from '@/components/confirm-dialog';
import { useModalCloseGuard } from '@/components/modal/modal';
import { MonthCalendar } from '@/components/month-calendar/month-calendar';
import { ErrorState, LoadingState } from '@/components/states/states';
import { useToast } from '@/components/toast/toast-context';
import { useClinicZone } from '@/entities/clinic';
import { refusalCodeOf, refusalTextOf } from '@/lib/refusal-text';
import { useSession } from '@/lib/session';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useClinicToday } from '@/lib/use-now';
import { useDentists } from '../../model/api/get-dentists';
import { useDeleteAvailabilityBlock } from '../api/delete-availability-block';
import { useDentistAppointments } from '../api/get-dentist-appointments';
import { useDentistAvailability } from '../api/get-dentist-availability';
import { useSaveAvailabilityDay } from '../api/save-availability-day';
import { blockedPeriods, blockedRuns, type BlockedPeriod } from '../blocked-runs';
import { draftKeyOf, draftOf, hasUnsavedHours, withDraft, withoutBlock, type Draft } from '../draft';
import { countHourSlots, hourSlotsForDay, toggleHourSlot } from '../hour-slots';
import { AVAILABILITY_EXTRA_TEXT, AVAILABILITY_TEXT } from '../messages';
import { firstDateRead, firstSelectableDate, isSelectableDate, selectionOnNewDay } from '../selectable-dates';
import { BlockedPeriodsTable } from './blocked-periods-table';
import { DayFooter } from './day-footer';
import { DentistSelectHeader } from './dentist-select-header';
import { HourSlotGrid, SlotLegend } from './hour-slot-grid';

export interface AvailabilityManagerProps {
  /**
   * Embedded (the Dentists screen's modal): the dentist is fixed and the modal's title names
   * them. Without one, the manager shows its own title and a 'Select Dentist' dropdown.
   */
  dentist?: { id: number; name: string };
}

/** The Dentist Availability Manager, in the clinic's time zone. */
export function AvailabilityManager({ dentist }: AvailabilityManagerProps) {
  const { clinic } = useSession();
  const zone = useClinicZone(clinic.id);
  if (clinic.id === null || zone.isPending) return <LoadingState label="Loading availability…" />;
  return (
    <ManagerBody
      key={clinic.id}
      clinicId={clinic.id}
      timeZone={zone.timeZone}
      timeZoneFailed={zone.isError}
      fixedDentist={dentist}
    />
  );
}

/** Asked before unsaved clicks are dropped (another date or dentist, Esc, ×, Back): Keep or Discard. */
const confirmDiscard = () =>
  confirmDialog({
    title: AVAILABILITY_EXTRA_TEXT.discardTitle,
    text: AVAILABILITY_EXTRA_TEXT.discardText,
    confirmText: AVAILABILITY_EXTRA_TEXT.discard,
    cancelText: AVAILABILITY_EXTRA_TEXT.keep,
    focusCancel: true,
  });

function ManagerBody({
  clinicId,
  timeZone,
  timeZoneFailed,
  fixedDentist,
}: {
  clinicId: number;
  timeZone: string;
  timeZoneFailed: boolean;
  fixedDentist?: { id: number; name: string };
}) {
  const toast = useToast();
  const titleId = useId();
  // The calendar's range starts at the clinic's today, which moves on at its midnight (a tablet
  // left open overnight).
  const today = useClinicToday(timeZone);
  // The today the selection below has followed: it lags `today` for one render at midnight only.
  const [todayFollowed, setTodayFollowed] = useState(today);
  const [chosenDentistId, setChosenDentistId] = useState<number | null>(null);
  const dentistId = fixedDentist?.id ?? chosenDentistId;
  const [selectedDate, setSelectedDate] = useState<IsoDate | null>(() => firstSelectableDate(today));
  const [month, setMonth] = useState(() => monthOf(firstSelectableDate(today)));
  const [draft, setDraft] = useState<Draft | null>(null);
  // Read from the followed today (or an earlier day kept for its unsaved clicks): at midnight those
  // clicks are weighed against the grid as read, not against a read still under way.
  const readFrom = firstDateRead(todayFollowed, selectedDate);
  // From the clinic's midnight two days before: the grid shows that day and later days only.
  const appointmentsSince = useMemo(
    () => clinicInstant(addDays(readFrom, -2), '00:00', timeZone).toISOString(),
    [readFrom, timeZone],
  );

  const dentists = useDentists(clinicId, { enabled: !fixedDentist });
  const availability = useDentistAvailability(clinicId, dentistId, readFrom);
  const appointments = useDentistAppointments(clinicId, dentistId, appointmentsSince);
  const save = useSaveAvailabilityDay(clinicId);
  const removeBlock = useDeleteAvailabilityBlock(clinicId);
  const busy = save.isPending || removeBlock.isPending;

  const draftKey = draftKeyOf(dentistId, selectedDate);
  const stored = useMemo(
    () =>
      hourSlotsForDay({
        date: selectedDate ?? today,
        timeZone,
        appointments: appointments.data ?? [],
        blocks: availability.data ?? [],
      }),
    [selectedDate, today, timeZone, appointments.data, availability.data],
  );
  const draftHere = draft?.key === draftKey ? draft : null;
  const slots = draftHere ? withDraft(stored, draftHere) : stored;
  const unsaved = draftHere !== null && hasUnsavedHours(slots, stored);
  const counts = countHourSlots(slots);
  // Past midnight a day no longer offered gives way to the first one that is; unsaved clicks keep
  // their day (the calendar no longer offers it) until staff save or discard them.
  if (today !== todayFollowed) {
    setTodayFollowed(today);
    const next = selectionOnNewDay(selectedDate, today, unsaved);
    if (next !== null && next !== selectedDate) {
      setSelectedDate(next);
      setMonth(monthOf(next));
      setDraft(null);
    }
  }
  const periods = useMemo(() => blockedPeriods(availability.data ?? []), [availability.data]);
  // The enclosing modal (the Dentists screen's) asks before Esc, × or Back drop the clicks.
  useModalCloseGuard(unsaved ? confirmDiscard : null);

  async function selectDate(date: IsoDate) {
    if (date === selectedDate) return;
    if (unsaved && !(await confirmDiscard())) return;
    setSelectedDate(date);
    setMonth(monthOf(date));
    setDraft(null);
  }

  async function selectDentist(value: string) {
    if (unsaved && !(await confirmDiscard())) return;
    setChosenDentistId(value === '' ? null : Number(value));
    setDraft(null);
  }

  function toggle(hour: number) {
    const next = toggleHourSlot(slots, hour);
    if (next === slots) return;
    setDraft(draftOf(draftKey, stored, next));
  }

  /** The date's rows as the grid read them: a save replaces the day only while it is stored so. */
  const rowsRead = (date: IsoDate) => (availability.data ?? []).filter((row) => row.specific_date === date);

  /**
   * The spec's failure line, with the database's reason when it gave one; what another desk did
   * meanwhile is read again, and the grid shows it (with the user's clicks on top).
   */
  function failed(line: string, error: unknown) {
    const reason = refusalTextOf(error);
    toast(reason ? `${line} ${reason}` : line, { tone: 'error' });
    const code = refusalCodeOf(error);
    // Booked meanwhile: the appointments. The day changed meanwhile: its blocks and bookings.
    if (code === 'availability_block_booked' || code === 'availability_changed') void appointments.refetch();
    if (code === 'availability_changed') void availability.refetch();
  }

  /** The spec's warning when either is missing; otherwise both. */
  function target(): { dentistId: number; date: IsoDate } | null {
    if (dentistId === null || selectedDate === null) {
      toast(AVAILABILITY_TEXT.required, { tone: 'error' });
      return null;
    }
    return { dentistId, date: selectedDate };
  }

  async function onSave() {
    const chosen = target();
    if (!chosen) return;
    try {
      const saved = await save.mutateAsync({
        dentistId: chosen.dentistId,
        date: chosen.date,
        blocks: blockedRuns(slots),
        read: rowsRead(chosen.date),
      });
      if (saved === ALREADY_PENDING) return;
      setDraft(null);
      toast(AVAILABILITY_TEXT.saved);
    } catch (error) {
      // The draft stays: the user's clicks are not lost and Save can be tried again.
      console.error('Ngiti: saving availability failed', error);
      failed(AVAILABILITY_TEXT.saveFailed, error);
    }
  }

  async function onDeleteAll() {
    const chosen = target();
    if (!chosen) return;
    const confirmed = await confirmDialog({
      title: AVAILABILITY_TEXT.deleteAllTitle,
      text: AVAILABILITY_TEXT.deleteAllText(chosen.date),
    });
    if (!confirmed) return;
    try {
      const cleared = await save.mutateAsync({
        dentistId: chosen.dentistId,
        date: chosen.date,
        blocks: [],
        read: rowsRead(chosen.date),
      });
      if (cleared === ALREADY_PENDING) return;
      setDraft(null);
      toast(AVAILABILITY_TEXT.allDeleted);
    } catch (error) {
      console.error('Ngiti: deleting the blocks of a day failed', error);
      failed(AVAILABILITY_EXTRA_TEXT.deleteBlockFailed, error);
    }
  }

  async function onDeleteBlock(period: BlockedPeriod) {
    if (dentistId === null) return;
    const confirmed = await confirmDialog({
      title: AVAILABILITY_TEXT.deleteBlockTitle,
      text: AVAILABILITY_TEXT.deleteBlockText,
    });
    if (!confirmed) return;
    try {
      const removed = await removeBlock.mutateAsync({ dentistId, blockId: period.id });
      if (removed === ALREADY_PENDING) return;
      // The block's hours leave that date's unsaved clicks; the other clicks stay.
      if (draft?.key === draftKeyOf(dentistId, period.date)) setDraft(withoutBlock(draft, period.start, period.end));
      toast(AVAILABILITY_TEXT.deleted);
    } catch (error) {
      console.error('Ngiti: deleting a block failed', error);
      failed(AVAILABILITY_EXTRA_TEXT.deleteBlockFailed, error);
    }
  }

  const loadingDay = dentistId !== null && (availability.isPending || appointments.isPending);
  const dayFailed = dentistId !== null && (availability.isError || appointments.isError);

  return (
    <section
      className="availability-manager"
      aria-labelledby={fixedDentist ? undefined : titleId}
      aria-label={fixedDentist ? `Availability of ${fixedDentist.name}` : undefined}
    >
      {fixedDentist ? null : (
        <DentistSelectHeader
          titleId={titleId}
          dentists={dentists.data}
          failed={dentists.isError}
          chosenDentistId={chosenDentistId}
          onSelect={(value) => void selectDentist(value)}
        />
      )}
      {timeZoneFailed ? (
        <p className="form-message form-message-info">{AVAILABILITY_EXTRA_TEXT.timeZoneFailed}</p>
      ) : null}

      <div className="availability-layout">
        <MonthCalendar
          month={month}
          today={today}
          selected={selectedDate}
          earliestMonth={monthOf(today)}
          isSelectable={(date) => isSelectableDate(date, today)}
          onMonthChange={setMonth}
          onSelect={(date) => void selectDate(date)}
          classNames={{
            root: 'availability-calendar',
            header: 'calendar-header',
            nav: 'calendar-nav',
            title: 'calendar-title',
            grid: 'calendar-grid',
            day: 'calendar-day',
            today: 'calendar-day-today',
            selected: 'calendar-day-selected',
          }}
        />

        <div className="availability-day">
          <h3 className="availability-day-title">
            {selectedDate ? (
              <>
                <span>{selectedDate}</span>{' '}
                <span className="availability-day-weekday">{weekdayName(selectedDate)}</span>
              </>
            ) : (
              'Pick a date'
            )}
          </h3>
          {dentistId === null ? (
            <p className="availability-hint">{AVAILABILITY_EXTRA_TEXT.pickDentistFirst}</p>
          ) : dayFailed ? (
            <ErrorState
              title={AVAILABILITY_EXTRA_TEXT.loadFailed}
              onRetry={() => {
                void availability.refetch();
                void appointments.refetch();
              }}
            />
          ) : loadingDay ? (
            <LoadingState label="Loading hours…" />
          ) : (
            <HourSlotGrid slots={slots} disabled={busy} onToggle={toggle} />
          )}
          <SlotLegend />
          <DayFooter
            counts={counts}
            unsaved={unsaved}
            busy={busy}
            saving={save.isPending}
            onDeleteAll={() => void onDeleteAll()}
            onSave={() => void onSave()}
          />
        </div>
      </div>

      <BlockedPeriodsTable
        headingId={`${titleId}-blocked`}
        noDentist={dentistId === null}
        periods={periods}
        loading={dentistId !== null && availability.isPending}
        busy={busy}
        onShowDate={(date) => void selectDate(date)}
        onDelete={(period) => void onDeleteBlock(period)}
      />
    </section>
  );
}
