/**
 * The booking form's slot grid for one dentist on one clinic date:
 * 20-minute slots from 09:00 up to 18:00, lunch 12:00–13:00, closed on Sundays, all in the
 * clinic's time zone. Built as range algebra: the day's working range, minus lunch, the dentist's
 * blocks, the appointments holding a slot and the past, cut into 20-minute slots. Slots that do
 * not survive are labelled with the reason. `now`, the zone and the hours are always passed in.
 */
import {
  clinicInstant,
  minutesOfTime,
  timeOfMinutes,
  toClinicIso,
  toInstant,
  twelveHourLabel,
  weekdayOf,
  type IsoDate,
  type WallTime,
} from '@common/clinic-calendar';
import { CLINIC_HOURS, type ClinicHours } from '@/entities/clinic';
import { cutIntoSlots, rangesOverlap, subtractRanges, type TimeRange } from './date-ranges';

export type SlotState = 'available' | 'booked' | 'blocked' | 'past' | 'lunch';

export interface Slot {
  /** 'HH:MM' clinic time, e.g. '09:20'. */
  readonly time: WallTime;
  /** 12-hour label, e.g. '9:20 AM'. */
  readonly label: string;
  /** The instant with the clinic's offset, as stored: '2026-11-23T09:20:00+08:00'. */
  readonly startsAt: string;
  readonly state: SlotState;
}

/** An appointment of the dentist whose day is shown. */
export interface SlotAppointment {
  readonly id?: number;
  readonly appointment_time: string;
  readonly status?: string | null;
  readonly deleted?: boolean | null;
}

/** A `dentist_availability` row. Rows of other dates are ignored when specific_date is set. */
export interface SlotBlock {
  readonly specific_date?: IsoDate | null;
  /** 'HH:MM' or 'HH:MM:SS', clinic time. */
  readonly start_time: string;
  readonly end_time: string;
  /** true would be an "available" period, which is not a block (the app only writes false). */
  readonly is_available?: boolean | null;
}

export interface DaySlotsInput {
  /** Clinic date. */
  readonly date: IsoDate;
  readonly timeZone: string;
  readonly now: Date;
  /** The dentist's appointments (any dates; others are ignored). */
  readonly appointments: readonly SlotAppointment[];
  /** The dentist's availability blocks. */
  readonly blocks: readonly SlotBlock[];
  /** The appointment being edited: it does not hold a slot against itself. */
  readonly excludeAppointmentId?: number | null;
  readonly hours?: ClinicHours;
}

/** Whether the clinic is closed all day on `date` (Sundays). */
export function isClosedDay(date: IsoDate, hours: ClinicHours = CLINIC_HOURS): boolean {
  return hours.closedWeekdays.includes(weekdayOf(date));
}

/** The slot start times of an open day: '09:00', '09:20', …, '17:40' with the default hours. */
export function slotTimes(hours: ClinicHours = CLINIC_HOURS): WallTime[] {
  const times: WallTime[] = [];
  const close = minutesOfTime(hours.close);
  for (let start = minutesOfTime(hours.open); start + hours.slotMinutes <= close; start += hours.slotMinutes) {
    times.push(timeOfMinutes(start));
  }
  return times;
}

/**
 * Whether an appointment holds its slot: not deleted and not Cancelled, as the database's
 * overlap rule has it (docs/adr/0009-booking-rules-in-the-database.md).
 */
export function holdsSlot(appointment: Pick<SlotAppointment, 'status' | 'deleted'>): boolean {
  return appointment.deleted !== true && appointment.status !== 'Cancelled';
}

/** The booking time as stored: the clinic's date and time with its offset, '2026-11-23T10:20:00+08:00'. */
export function toStoredTime(date: IsoDate, time: WallTime, timeZone: string): string {
  return toClinicIso(clinicInstant(date, time, timeZone), timeZone);
}

interface DayRanges {
  working: TimeRange[];
  lunch: TimeRange[];
  blocked: TimeRange[];
  booked: TimeRange[];
  past: TimeRange[];
  slotMs: number;
  anchor: number;
}

function dayRanges(input: DaySlotsInput): DayRanges {
  const hours = input.hours ?? CLINIC_HOURS;
  const at = (time: string) => clinicInstant(input.date, time.slice(0, 5), input.timeZone).getTime();
  const slotMs = hours.slotMinutes * 60_000;
  const open = at(hours.open);
  const working = isClosedDay(input.date, hours) ? [] : [{ start: open, end: at(hours.close) }];
  const lunch = [{ start: at(hours.lunchStart), end: at(hours.lunchEnd) }];
  const blocked = input.blocks
    .filter((block) => block.is_available !== true && (block.specific_date ?? input.date) === input.date)
    .map((block) => ({ start: at(block.start_time), end: at(block.end_time) }));
  const booked = input.appointments
    .filter((appointment) => holdsSlot(appointment))
    .filter((appointment) => input.excludeAppointmentId == null || appointment.id !== input.excludeAppointmentId)
    .map((appointment) => toInstant(appointment.appointment_time).getTime())
    .map((start) => ({ start, end: start + slotMs }));
  // A slot that has started is past: only starts after `now` are bookable.
  const past = [{ start: Number.MIN_SAFE_INTEGER, end: input.now.getTime() + 1 }];
  return { working, lunch, blocked, booked, past, slotMs, anchor: open };
}

/**
 * The free time left on the day: working hours minus lunch, blocks, appointments holding a slot
 * and everything up to `now`. Empty on a closed day.
 */
export function availableRanges(input: DaySlotsInput): TimeRange[] {
  const day = dayRanges(input);
  return subtractRanges(day.working, [...day.lunch, ...day.blocked, ...day.booked, ...day.past]);
}

/**
 * The day's slots in time order; none on a closed day (Sunday). A slot is available when it fits
 * wholly in the free time; otherwise its state names the first reason in the order lunch, booked,
 * blocked, past. Appointments need not start on the 20-minute grid: one at 10:30 takes both
 * 10:20 and 10:40.
 */
export function daySlots(input: DaySlotsInput): Slot[] {
  const day = dayRanges(input);
  if (day.working.length === 0) return [];
  const free = subtractRanges(day.working, [...day.lunch, ...day.blocked, ...day.booked, ...day.past]);
  const availableStarts = new Set(cutIntoSlots(free, day.slotMs, day.anchor).map((slot) => slot.start));
  return slotTimes(input.hours).map((time) => {
    const start = clinicInstant(input.date, time, input.timeZone).getTime();
    const range = { start, end: start + day.slotMs };
    const hits = (ranges: readonly TimeRange[]) => ranges.some((other) => rangesOverlap(range, other));
    let state: SlotState = 'available';
    if (!availableStarts.has(start)) {
      if (hits(day.lunch)) state = 'lunch';
      else if (hits(day.booked)) state = 'booked';
      else if (hits(day.blocked)) state = 'blocked';
      else state = 'past';
    }
    return { time, label: twelveHourLabel(time), startsAt: toClinicIso(new Date(start), input.timeZone), state };
  });
}

/** The slot at `time` in a grid, if the grid has one. */
export function findSlot(slots: readonly Slot[], time: WallTime | null | undefined): Slot | undefined {
  return time ? slots.find((slot) => slot.time === time) : undefined;
}

/**
 * Whether `time` can be booked in a freshly loaded grid: the check before saving ('Invalid Slot'
 * when not). A time the grid does not have (a closed day, off the grid) cannot.
 */
export function isSlotAvailable(slots: readonly Slot[], time: WallTime | null | undefined): boolean {
  return findSlot(slots, time)?.state === 'available';
}
