/**
 * The recall rules the Recalls tab shows, pure: the clinic's zone and `now` come in as arguments.
 * The database decides who is due (public.recall_list); these say the same in the clinic calendar
 * (a due date is the last visit's clinic date plus N months, the 31st clamped to a shorter month's
 * last day as Postgres does), how overdue a patient is, and what 'Send recall' may do for a row.
 */
import {
  addMonths,
  clinicDateOf,
  clinicToday,
  compareIsoDates,
  daysBetween,
  daysInMonth,
  formatClinicDateShort,
  formatClinicMonthDay,
  isoDate,
  isoMonth,
  parseIsoDate,
  parseIsoMonth,
  type Instant,
  type IsoDate,
} from '@common/clinic-calendar';
import { RECALL_BLOCK_DAYS } from '@common/contract/recall';
import { RECALLS_TEXT } from './messages';

/** `date` plus `months` calendar months; a day the target month lacks becomes its last day. */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  const parts = parseIsoDate(date);
  if (!parts) throw new RangeError(`Not an ISO date: ${date}`);
  const target = addMonths(isoMonth(parts.year, parts.month), months);
  const month = parseIsoMonth(target)!;
  return isoDate(month.year, month.month, Math.min(parts.day, daysInMonth(target)));
}

/** The clinic date a patient last seen at `lastVisit` is due for a check-up. */
export function recallDueDate(lastVisit: Instant, intervalMonths: number, timeZone: string): IsoDate {
  return addCalendarMonths(clinicDateOf(lastVisit, timeZone), intervalMonths);
}

/** Whether that patient is due at `now` (without looking at bookings ahead: the database does). */
export function isRecallDue(lastVisit: Instant, intervalMonths: number, now: Date, timeZone: string): boolean {
  return compareIsoDates(recallDueDate(lastVisit, intervalMonths, timeZone), clinicToday(now, timeZone)) <= 0;
}

/** Whole months, then days, from the due date to today (both clinic dates). */
export function overdueBy(dueDate: IsoDate, today: IsoDate): { months: number; days: number } {
  if (compareIsoDates(dueDate, today) >= 0) return { months: 0, days: 0 };
  let months = 0;
  while (compareIsoDates(addCalendarMonths(dueDate, months + 1), today) <= 0) months++;
  return { months, days: daysBetween(addCalendarMonths(dueDate, months), today) };
}

/** 'Due today', '12 days', '1 month', '3 months 4 days'. */
export function overdueText(dueDate: IsoDate, today: IsoDate): string {
  const { months, days } = overdueBy(dueDate, today);
  if (months === 0 && days === 0) return RECALLS_TEXT.dueToday;
  const parts = [
    months > 0 ? `${months} ${months === 1 ? 'month' : 'months'}` : null,
    days > 0 ? `${days} ${days === 1 ? 'day' : 'days'}` : null,
  ];
  return parts.filter((part) => part !== null).join(' ');
}

/** What 'Send recall' can do for a row. */
export type RecallAction =
  | { kind: 'send' }
  /** `on`: the recall's clinic day ('Nov 10', within the last 30 days): the button reads 'Recalled <on>'. */
  | { kind: 'recalled'; on: string; reason: string }
  | { kind: 'no-messenger'; reason: string };

export function recallAction(
  row: { has_messenger_id: boolean; last_recall_at: string | null; recalled_until: string | null },
  now: Date,
  timeZone: string,
): RecallAction {
  if (row.recalled_until !== null && new Date(row.recalled_until).getTime() > now.getTime()) {
    const on =
      row.last_recall_at ??
      new Date(new Date(row.recalled_until).getTime() - RECALL_BLOCK_DAYS * 86_400_000).toISOString();
    return {
      kind: 'recalled',
      on: formatClinicMonthDay(on, timeZone),
      reason: RECALLS_TEXT.recalledUntil(formatClinicDateShort(row.recalled_until, timeZone)),
    };
  }
  if (!row.has_messenger_id) return { kind: 'no-messenger', reason: RECALLS_TEXT.noMessengerId };
  return { kind: 'send' };
}
