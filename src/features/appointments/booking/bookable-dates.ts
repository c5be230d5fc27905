/**
 * Which dates the booking form's calendar lets the user pick (no past dates,
 * Sundays disabled), "today" being the clinic's today (passed in). The calendar itself is the
 * shared MonthCalendar; the dates come from @common/clinic-calendar.
 */
import { addDays, isIsoDate, type IsoDate } from '@common/clinic-calendar';
import { CLINIC_HOURS, type ClinicHours } from '@/entities/clinic';
import { isClosedDay } from '../model/slots';

/** Whether `date` can be picked: a real date, not before the clinic's today, the clinic open. */
export function isBookableDate(date: IsoDate, today: IsoDate, hours: ClinicHours = CLINIC_HOURS): boolean {
  return isIsoDate(date) && isIsoDate(today) && date >= today && !isClosedDay(date, hours);
}

/** The first date that can be picked: today, or the next open day. */
export function firstBookableDate(today: IsoDate, hours: ClinicHours = CLINIC_HOURS): IsoDate {
  let date = today;
  // At most a week of closed days: a clinic closed every day would have no bookable date.
  for (let step = 0; step < 7 && isClosedDay(date, hours); step++) date = addDays(date, 1);
  return date;
}

/** The calendar's hover text of a day: why it cannot be picked, or nothing. */
export function bookingDayTitle(date: IsoDate, today: IsoDate, hours: ClinicHours = CLINIC_HOURS): string | undefined {
  if (isClosedDay(date, hours)) return 'Closed';
  return date < today ? 'Past' : undefined;
}
