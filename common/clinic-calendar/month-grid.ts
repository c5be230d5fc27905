/**
 * The month calendar's grid, shared by the booking form's date picker and the Availability
 * Manager: Sunday-first weeks of seven days, four to six of them, the days of the neighbouring
 * months that fill the first and last week marked as outside the month. "Today" is the clinic's
 * today, passed in; which days can be picked is the caller's rule.
 */
import { eachDayOfInterval, endOfWeek, getDate, getDay, startOfWeek } from 'date-fns';
import {
  calendarDay,
  firstDateOfMonth,
  isIsoDate,
  isoDateOf,
  lastDateOfMonth,
  type IsoDate,
  type IsoMonth,
  type Weekday,
} from './iso-date';

const WEEKS_START_ON_SUNDAY = { weekStartsOn: 0 } as const;

export interface MonthGridDay {
  readonly date: IsoDate;
  /** Day of the month, 1–31. */
  readonly day: number;
  /** 0 = Sunday … 6 = Saturday: the column. */
  readonly weekday: Weekday;
  /** False for the days of the previous and next month that fill the first and last week. */
  readonly inMonth: boolean;
  readonly isToday: boolean;
  /** Before the clinic's today. */
  readonly isPast: boolean;
}

/**
 * `month` as weeks of seven days, Sunday first. Throws a RangeError for a month or today that is
 * not one.
 */
export function monthGrid(month: IsoMonth, today: IsoDate): MonthGridDay[][] {
  if (!isIsoDate(today)) throw new RangeError(`Not an ISO date: ${today}`);
  const start = startOfWeek(calendarDay(firstDateOfMonth(month)), WEEKS_START_ON_SUNDAY);
  const end = endOfWeek(calendarDay(lastDateOfMonth(month)), WEEKS_START_ON_SUNDAY);
  const days = eachDayOfInterval({ start, end }).map((day): MonthGridDay => {
    const date = isoDateOf(day);
    return {
      date,
      day: getDate(day),
      weekday: getDay(day) as Weekday,
      inMonth: date.startsWith(`${month}-`),
      isToday: date === today,
      isPast: date < today,
    };
  });
  const weeks: MonthGridDay[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return weeks;
}
