import { useId, useMemo, useState } from 'react';
import {
  DEFAULT_CLINIC_TIME_ZONE,
  addDays,
  clinicInstant,
  clinicToday,
  monthOf,
  twelveHourLabel,
  weekdayName,
  type IsoDate,
} from '@common/clinic-calendar';
import { confirmDialog } from '@/components/confirm-dialog';
import { useModalCloseGuard } from '@/components/modal/modal';
import { MonthCalendar } from '@/components/month-calendar/month-calendar';
import { ErrorState, LoadingState } from '@/components/states/states';
import { DataTable, type Column } from '@/components/table/data-table';
import { useToast } from '@/components/toast/toast-context';
import { useClinicTimeZone } from '@/entities/clinic';
import { useSession } from '@/lib/session';
import { ALREADY_PENDING } from '@/lib/use-guarded-mutation';
import { useDentists } from '../../model/api/get-dentists';
import { useDeleteAvailabilityBlock } from '../api/delete-availability-block';
import { useDentistAppointments } from '../api/get-dentist-appointments';
import { useDentistAvailability } from '../api/get-dentist-availability';
import { useSaveAvailabilityDay } from '../api/save-availability-day';
import { blockedPeriods, blockedRuns, type BlockedPeriod } from '../blocked-runs';
import { countHourSlots, hourSlotsForDay, isToggleable, toggleHourSlot, type HourSlot } from '../hour-slots';
import { AVAILABILITY_EXTRA_TEXT, AVAILABILITY_TEXT } from '../messages';
import { firstSelectableDate, isSelectableDate } from '../selectable-dates';
import { HourSlotGrid, SlotLegend } from './hour-slot-grid';

export interface AvailabilityManagerProps {
  /**
   * Embedded (the Dentists screen's modal): the dentist is fixed and the modal's title names
   * them. Without one, the manager shows its own title and a 'Select Dentist' dropdown.
   */
  dentist?: { id: number; name: string };
}

/** The Dentist Availability Manager (spec part 1 §2, §4, §5, §8, §9), in the clinic's time zone. */
export function AvailabilityManager({ dentist }: AvailabilityManagerProps) {
  const { clinic } = useSession();
  const timeZone = useClinicTimeZone(clinic.id);
  if (clinic.id === null || timeZone.isPending) return <LoadingState label="Loading availability…" />;
  return (
    <ManagerBody
      key={clinic.id}
      clinicId={clinic.id}
      timeZone={timeZone.data ?? DEFAULT_CLINIC_TIME_ZONE}
      timeZoneFailed={timeZone.isError}
      fixedDentist={dentist}
    />
  );
}

/** Unsaved clicks on the grid of one dentist and date: the hours the user wants blocked. */
interface Draft {
  key: string;
  blocked: readonly number[];
}

/** The stored grid with the draft's choice applied to the hours a click may change. */
function withDraft(stored: readonly HourSlot[], blocked: readonly number[]): HourSlot[] {
  return stored.map((slot) =>
    isToggleable(slot) ? { ...slot, state: blocked.includes(slot.hour) ? 'blocked' : 'available' } : slot,
  );
}

const blockedHoursOf = (slots: readonly HourSlot[]) =>
  slots.filter((slot) => slot.state === 'blocked').map((slot) => slot.hour);

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
  const selectId = useId();
  const titleId = useId();
  // Read once when the manager opens: the calendar's range starts at the clinic's today.
  const [today] = useState(() => clinicToday(new Date(), timeZone));
  // From the clinic's midnight two days before today: the grid shows today and later days only.
  const [appointmentsSince] = useState(() => clinicInstant(addDays(today, -2), '00:00', timeZone).toISOString());
  const [chosenDentistId, setChosenDentistId] = useState<number | null>(null);
  const dentistId = fixedDentist?.id ?? chosenDentistId;
  const [selectedDate, setSelectedDate] = useState<IsoDate | null>(() => firstSelectableDate(today));
  const [month, setMonth] = useState(() => monthOf(firstSelectableDate(today)));
  const [draft, setDraft] = useState<Draft | null>(null);

  const dentists = useDentists(clinicId, { enabled: !fixedDentist });
  const availability = useDentistAvailability(clinicId, dentistId, today);
  const appointments = useDentistAppointments(clinicId, dentistId, appointmentsSince);
  const save = useSaveAvailabilityDay(clinicId);
  const removeBlock = useDeleteAvailabilityBlock(clinicId);
  const busy = save.isPending || removeBlock.isPending;

  const draftKey = `${dentistId}|${selectedDate}`;
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
  const slots = draftHere ? withDraft(stored, draftHere.blocked) : stored;
  const unsaved = draftHere !== null && blockedHoursOf(slots).join() !== blockedHoursOf(stored).join();
  const counts = countHourSlots(slots);
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
    setDraft({ key: draftKey, blocked: blockedHoursOf(next) });
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
      });
      if (saved === ALREADY_PENDING) return;
      setDraft(null);
      toast(AVAILABILITY_TEXT.saved);
    } catch (error) {
      // The draft stays: the user's clicks are not lost and Save can be tried again.
      console.error('Ngiti: saving availability failed', error);
      toast(AVAILABILITY_TEXT.saveFailed, { tone: 'error' });
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
      const cleared = await save.mutateAsync({ dentistId: chosen.dentistId, date: chosen.date, blocks: [] });
      if (cleared === ALREADY_PENDING) return;
      setDraft(null);
      toast(AVAILABILITY_TEXT.allDeleted);
    } catch (error) {
      console.error('Ngiti: deleting the blocks of a day failed', error);
      toast(AVAILABILITY_EXTRA_TEXT.deleteBlockFailed, { tone: 'error' });
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
      // That date's grid now shows what is stored.
      if (draft?.key === `${dentistId}|${period.date}`) setDraft(null);
      toast(AVAILABILITY_TEXT.deleted);
    } catch (error) {
      console.error('Ngiti: deleting a block failed', error);
      toast(AVAILABILITY_EXTRA_TEXT.deleteBlockFailed, { tone: 'error' });
    }
  }

  const columns: Column<BlockedPeriod>[] = [
    {
      key: 'date',
      header: 'Date',
      render: (period) => (
        <button
          type="button"
          className="button-link button blocked-date"
          aria-label={`Show ${period.date}`}
          onClick={() => void selectDate(period.date)}
        >
          {period.date}
        </button>
      ),
    },
    // 12-hour, like the slot grid and the spec's slots.
    { key: 'start', header: 'Start', render: (period) => twelveHourLabel(period.start) },
    { key: 'end', header: 'End', render: (period) => twelveHourLabel(period.end) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (period) => (
        <button
          type="button"
          className="button button-secondary button-small button-danger-text"
          aria-label={`Delete block ${period.date} ${twelveHourLabel(period.start)}–${twelveHourLabel(period.end)}`}
          disabled={busy}
          onClick={() => void onDeleteBlock(period)}
        >
          Delete
        </button>
      ),
    },
  ];

  const loadingDay = dentistId !== null && (availability.isPending || appointments.isPending);
  const dayFailed = dentistId !== null && (availability.isError || appointments.isError);

  return (
    <section
      className="availability-manager"
      aria-labelledby={fixedDentist ? undefined : titleId}
      aria-label={fixedDentist ? `Availability of ${fixedDentist.name}` : undefined}
    >
      {fixedDentist ? null : (
        <header className="availability-header">
          <h2 id={titleId} className="availability-title">
            {AVAILABILITY_TEXT.title}
          </h2>
          <div className="field availability-dentist-field">
            <label className="field-label" htmlFor={selectId}>
              {AVAILABILITY_TEXT.selectDentist}
            </label>
            <select
              id={selectId}
              className="input"
              value={chosenDentistId ?? ''}
              disabled={!dentists.data}
              onChange={(event) => void selectDentist(event.target.value)}
            >
              <option value="">
                {dentists.isError ? 'Failed to fetch dentists' : AVAILABILITY_TEXT.selectDentist}
              </option>
              {dentists.data?.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.is_active ? candidate.name : `${candidate.name} (Inactive)`}
                </option>
              ))}
            </select>
          </div>
        </header>
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
          <p className="slot-counts">
            <span>
              Available: <strong data-testid="count-available">{counts.available}</strong>
            </span>
            <span>
              Blocked: <strong data-testid="count-blocked">{counts.blocked}</strong>
            </span>
            <span>
              Booked: <strong data-testid="count-booked">{counts.booked}</strong>
            </span>
          </p>
          <div className="availability-actions">
            {unsaved ? <span className="unsaved-note">Unsaved changes</span> : null}
            <button
              type="button"
              className="button button-danger-outline"
              disabled={busy}
              onClick={() => void onDeleteAll()}
            >
              Delete all blocks
            </button>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void onSave()}>
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
          </div>
        </div>
      </div>

      <section className="blocked-periods" aria-labelledby={`${titleId}-blocked`}>
        <h3 id={`${titleId}-blocked`} className="blocked-periods-title">
          {AVAILABILITY_TEXT.blockedPeriods}
        </h3>
        <DataTable
          caption={AVAILABILITY_TEXT.blockedPeriods}
          columns={columns}
          rows={dentistId === null ? [] : periods}
          rowKey={(period) => period.id}
          loading={dentistId !== null && availability.isPending}
          emptyText={dentistId === null ? AVAILABILITY_EXTRA_TEXT.pickDentistFirst : AVAILABILITY_EXTRA_TEXT.noBlocks}
        />
      </section>
    </section>
  );
}
