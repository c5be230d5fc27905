/**
 * The Availability Manager's hour grid for one dentist and one date: hourly slots 09:00–17:00,
 * 12:00 a fixed Lunch Break, each slot available, blocked, booked or lunch. All times are clinic
 * wall-clock time; the clinic's time zone is passed in.
 */
import { clinicWallClock, minutesOfTime, twelveHourLabel, wallTime, type IsoDate } from '@common/clinic-calendar';

export const FIRST_SLOT_HOUR = 9;
export const LAST_SLOT_HOUR = 17;
export const LUNCH_HOUR = 12;
/** Where the last slot, and so the last block of a day, ends. */
export const DAY_END_HOUR = 18;

/** 9, 10, …, 17: nine slots. */
export const SLOT_HOURS: readonly number[] = Object.freeze(
  Array.from({ length: LAST_SLOT_HOUR - FIRST_SLOT_HOUR + 1 }, (_, index) => FIRST_SLOT_HOUR + index),
);

export type HourSlotState = 'available' | 'blocked' | 'booked' | 'lunch';

export interface HourSlot {
  /** 9–17 */
  readonly hour: number;
  /** 'HH:MM', as stored in start_time / end_time. */
  readonly time: string;
  /** 12-hour label, e.g. '9:00 AM', '12:00 PM', '5:00 PM'. */
  readonly label: string;
  readonly state: HourSlotState;
}

/** An appointment as the availability view reads it (appointments of one dentist). */
export interface SlotAppointment {
  appointment_time: string;
  deleted?: boolean | null;
}

/** A dentist_availability row; rows of other dates are ignored when specific_date is given. */
export interface SlotBlock {
  specific_date?: IsoDate;
  /** 'HH:MM' or 'HH:MM:SS'; the first five characters are used. */
  start_time: string;
  end_time: string;
  /** true would be an "available" period, which is not a block (the screens only write false). */
  is_available?: boolean | null;
}

export interface HourSlotCounts {
  available: number;
  blocked: number;
  booked: number;
}

/** Minutes since midnight of a stored time; NaN for a malformed one, which then blocks nothing. */
function minutesOf(time: string): number {
  try {
    return minutesOfTime(time);
  } catch {
    return Number.NaN;
  }
}

function isBlockedHour(hour: number, blocks: readonly SlotBlock[], date: IsoDate): boolean {
  const slotStart = hour * 60;
  const slotEnd = slotStart + 60;
  // Any overlap blocks the hour: a block that is not on the hour grid (written elsewhere) is
  // shown, and saving the day widens it to whole hours instead of silently dropping it.
  return blocks.some(
    (block) =>
      block.is_available !== true &&
      (block.specific_date === undefined || block.specific_date === date) &&
      minutesOf(block.start_time) < slotEnd &&
      minutesOf(block.end_time) > slotStart,
  );
}

function bookedHours(appointments: readonly SlotAppointment[], date: IsoDate, timeZone: string): Set<number> {
  const hours = new Set<number>();
  for (const appointment of appointments) {
    if (appointment.deleted === true) continue;
    if (Number.isNaN(new Date(appointment.appointment_time).getTime())) continue;
    const local = clinicWallClock(appointment.appointment_time, timeZone);
    if (local.date === date) hours.add(local.hour);
  }
  return hours;
}

/**
 * The nine slots of `date` (clinic date) in hour order. Lunch wins over everything, then booked
 * (any non-deleted appointment starting within the hour, whatever its status, as the spec says),
 * then blocked (a block overlapping the hour), else available.
 */
export function hourSlotsForDay(input: {
  date: IsoDate;
  timeZone: string;
  appointments: readonly SlotAppointment[];
  blocks: readonly SlotBlock[];
}): HourSlot[] {
  const booked = bookedHours(input.appointments, input.date, input.timeZone);
  return SLOT_HOURS.map((hour) => {
    let state: HourSlotState = 'available';
    if (hour === LUNCH_HOUR) state = 'lunch';
    else if (booked.has(hour)) state = 'booked';
    else if (isBlockedHour(hour, input.blocks, input.date)) state = 'blocked';
    const time = wallTime(hour);
    return { hour, time, label: twelveHourLabel(time), state };
  });
}

/** Only available and blocked slots respond to a click. */
export function isToggleable(slot: Pick<HourSlot, 'state'>): boolean {
  return slot.state === 'available' || slot.state === 'blocked';
}

/**
 * The grid after clicking `hour`: available ↔ blocked. Booked, lunch and unknown hours leave the
 * grid as it is (the same array is returned, so a state setter sees no change).
 */
export function toggleHourSlot(slots: readonly HourSlot[], hour: number): readonly HourSlot[] {
  const target = slots.find((slot) => slot.hour === hour);
  if (!target || !isToggleable(target)) return slots;
  const state: HourSlotState = target.state === 'available' ? 'blocked' : 'available';
  return slots.map((slot) => (slot === target ? { ...slot, state } : slot));
}

/** How many slots are available, blocked and booked (lunch is none of them). */
export function countHourSlots(slots: readonly Pick<HourSlot, 'state'>[]): HourSlotCounts {
  const counts: HourSlotCounts = { available: 0, blocked: 0, booked: 0 };
  for (const slot of slots) {
    if (slot.state !== 'lunch') counts[slot.state] += 1;
  }
  return counts;
}
