/**
 * The calendar view in clinic time whatever the browser's zone. react-big-calendar lays events
 * out by a Date's local fields, so instants are shifted to "wall-clock Dates": Dates whose local
 * year, month, day, hour and minute read what the clinic's clock reads. Selections come back as
 * wall-clock Dates and are shifted back to clinic dates, times and instants here. Pure: `now`
 * and the zone are passed in.
 *
 * The browser's own daylight-saving gaps (e.g. 02:00–03:00 on a spring day in New York) cannot
 * be shown as wall-clock Dates; clinic hours (09:00–18:00) never fall in one.
 */
import { clinicInstant, clinicWallClock } from '../model/clinic-clock';
import { minutesOfTime, parseIsoDate, timeOfMinutes, weekdayOf, type IsoDate, type WallTime } from '../model/dates';
import { CLINIC_HOURS } from '../model/slots';
import { statusColour, type StatusColour } from '../model/status-rules';

const SLOT_MINUTES = CLINIC_HOURS.slotMinutes;
const OPENS = minutesOfTime(CLINIC_HOURS.open);
const CLOSES = minutesOfTime(CLINIC_HOURS.close);
const LUNCH_START = minutesOfTime(CLINIC_HOURS.lunchStart);
const LUNCH_END = minutesOfTime(CLINIC_HOURS.lunchEnd);

/** The wall-clock Date showing the clinic's date and time at `instant`. */
export function toWallClockDate(instant: Date | string, timeZone: string): Date {
  const { date, minutes } = clinicWallClock(instant, timeZone);
  return wallClockDate(date, timeOfMinutes(minutes));
}

/** The wall-clock Date for a clinic date and time. */
export function wallClockDate(date: IsoDate, time: WallTime): Date {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  const minutes = minutesOfTime(time);
  return new Date(parts.year, parts.month - 1, parts.day, Math.floor(minutes / 60), minutes % 60);
}

/** The clinic date and 'HH:MM' a wall-clock Date shows (seconds dropped). */
export function wallClockParts(wallClock: Date): { date: IsoDate; time: WallTime } {
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${String(wallClock.getFullYear()).padStart(4, '0')}-${pad(wallClock.getMonth() + 1)}-${pad(wallClock.getDate())}`,
    time: `${pad(wallClock.getHours())}:${pad(wallClock.getMinutes())}`,
  };
}

/** The instant a wall-clock Date stands for in the clinic. */
export function fromWallClockDate(wallClock: Date, timeZone: string): Date {
  const { date, time } = wallClockParts(wallClock);
  return clinicInstant(date, time, timeZone);
}

export interface CalendarAppointment {
  readonly id: number;
  readonly dentist_id: number;
  readonly appointment_time: string;
  readonly status: string;
  readonly reason: string | null;
  readonly patient: { readonly name: string } | null;
}

export interface CalendarEvent {
  readonly id: number;
  readonly title: string;
  /** Wall-clock Dates. */
  readonly start: Date;
  readonly end: Date;
  /** The dentist: the day view's column. */
  readonly resourceId: number;
  readonly status: string;
  readonly colour: StatusColour;
}

/** The procedure part of a reason ('Cleaning — Notes: …' → 'Cleaning'). */
function procedureOf(reason: string | null): string {
  if (!reason) return '';
  const cut = reason.indexOf(' — Notes: ');
  return cut === -1 ? reason : reason.slice(0, cut);
}

/** One 20-minute event per appointment, in clinic wall-clock time, titled 'Patient · Procedure'. */
export function calendarEvents(appointments: readonly CalendarAppointment[], timeZone: string): CalendarEvent[] {
  return appointments.map((appointment) => {
    const start = toWallClockDate(appointment.appointment_time, timeZone);
    const procedure = procedureOf(appointment.reason);
    const patient = appointment.patient?.name ?? 'Unknown patient';
    return {
      id: appointment.id,
      title: procedure ? `${patient} · ${procedure}` : patient,
      start,
      end: new Date(start.getTime() + SLOT_MINUTES * 60_000),
      resourceId: appointment.dentist_id,
      status: appointment.status,
      colour: statusColour(appointment.status),
    };
  });
}

export type SlotRefusal = 'past' | 'sunday' | 'lunch' | 'closed' | 'booked';

export interface SlotChoiceInput {
  /** The selected slot's start, a wall-clock Date. */
  start: Date;
  /** The day view's column (a dentist), if the selection was made in one. */
  resourceId?: number;
  /** The Dentist filter's choice, used when the selection has no column (week view). */
  dentistFilter: number | null;
  now: Date;
  timeZone: string;
  /** Appointments that hold their slot (not deleted, not Cancelled). */
  liveAppointments: readonly { readonly dentist_id: number; readonly appointment_time: string }[];
}

export type SlotChoice =
  { ok: true; prefill: { dentistId?: number; date: IsoDate; time: WallTime } } | { ok: false; reason: SlotRefusal };

/**
 * What selecting a slot in the calendar does: the Add form's prefill (dentist, clinic date and
 * time, snapped to the 20-minute grid from 09:00), or why the slot cannot be booked: Sunday,
 * outside 09:00–18:00, lunch, already started, or booked for that dentist.
 */
export function calendarSlotChoice(input: SlotChoiceInput): SlotChoice {
  const { date, time } = wallClockParts(input.start);
  const raw = minutesOfTime(time);
  const minutes = OPENS + Math.floor((raw - OPENS) / SLOT_MINUTES) * SLOT_MINUTES;
  if (weekdayOf(date) === 0) return { ok: false, reason: 'sunday' };
  if (raw < OPENS || minutes + SLOT_MINUTES > CLOSES) return { ok: false, reason: 'closed' };
  if (minutes < LUNCH_END && minutes + SLOT_MINUTES > LUNCH_START) return { ok: false, reason: 'lunch' };
  const slotTime = timeOfMinutes(minutes);
  const startsAt = clinicInstant(date, slotTime, input.timeZone).getTime();
  if (startsAt <= input.now.getTime()) return { ok: false, reason: 'past' };
  const dentistId = input.resourceId ?? input.dentistFilter ?? undefined;
  if (dentistId !== undefined) {
    const endsAt = startsAt + SLOT_MINUTES * 60_000;
    const taken = input.liveAppointments.some((appointment) => {
      if (appointment.dentist_id !== dentistId) return false;
      const at = new Date(appointment.appointment_time).getTime();
      return at < endsAt && startsAt < at + SLOT_MINUTES * 60_000;
    });
    if (taken) return { ok: false, reason: 'booked' };
  }
  return { ok: true, prefill: { ...(dentistId !== undefined ? { dentistId } : {}), date, time: slotTime } };
}

/** Whether a wall-clock slot start lies in the lunch break (drawn as unavailable). */
export function isLunchSlot(wallClock: Date): boolean {
  const minutes = wallClock.getHours() * 60 + wallClock.getMinutes();
  return minutes >= LUNCH_START && minutes < LUNCH_END;
}
