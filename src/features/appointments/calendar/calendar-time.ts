/**
 * The calendar view's rules in clinic time whatever the browser's zone: its events and what
 * selecting a slot does. react-big-calendar lays events out by a Date's local fields, so it is
 * given "wall-clock Dates" (toWallClockDate & co. in @common/clinic-calendar), whose local fields
 * read what the clinic's clock reads; selections come back as wall-clock Dates. Pure: `now` and
 * the zone are passed in.
 */
import { addMinutes } from 'date-fns';
import {
  clinicInstant,
  minutesOfTime,
  timeOfMinutes,
  toWallClockDate,
  wallClockParts,
  weekdayOf,
  type IsoDate,
  type WallTime,
} from '@common/clinic-calendar';
import { statusColour, type StatusColour } from '@/entities/appointment';
import { CLINIC_HOURS } from '@/entities/clinic';

const SLOT_MINUTES = CLINIC_HOURS.slotMinutes;
const OPENS = minutesOfTime(CLINIC_HOURS.open);
const CLOSES = minutesOfTime(CLINIC_HOURS.close);
const LUNCH_START = minutesOfTime(CLINIC_HOURS.lunchStart);
const LUNCH_END = minutesOfTime(CLINIC_HOURS.lunchEnd);

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
      end: addMinutes(start, SLOT_MINUTES),
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
  const { date, hour, minute } = wallClockParts(input.start);
  const raw = hour * 60 + minute;
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
  const { hour, minute } = wallClockParts(wallClock);
  const minutes = hour * 60 + minute;
  return minutes >= LUNCH_START && minutes < LUNCH_END;
}
