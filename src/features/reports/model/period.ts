/**
 * The Reports tab's date inputs, checked before anything is sent (the database checks again):
 * a period of clinic days for the day sheet (at most 31) and the no-show insight (at most 731). Pure.
 */
import {
  addDays,
  daysBetween,
  firstDateOfMonth,
  isIsoDate,
  lastDateOfMonth,
  monthOf,
  type IsoDate,
} from '@common/clinic-calendar';
import { PERIOD_PROBLEM_TEXT } from './messages';

/** The longest period, as no_show_insight allows it: 731 clinic days (two years with a leap day). */
export const MAX_PERIOD_DAYS = 731;

/** The longest day sheet, as day_sheet allows it: 31 clinic days (a month's sheet at most). */
export const MAX_DAY_SHEET_DAYS = 31;

/** How long a period may be, and what is said when it is longer. */
export interface PeriodLimit {
  days: number;
  message: string;
}

const INSIGHT_LIMIT: PeriodLimit = { days: MAX_PERIOD_DAYS, message: PERIOD_PROBLEM_TEXT.tooLong };
export const DAY_SHEET_LIMIT: PeriodLimit = { days: MAX_DAY_SHEET_DAYS, message: PERIOD_PROBLEM_TEXT.sheetTooLong };

export type PeriodCheck =
  { ok: true; from: IsoDate; to: IsoDate } | { ok: false; errors: { from?: string; to?: string } };

export function checkPeriod(fromInput: string, toInput: string, limit: PeriodLimit = INSIGHT_LIMIT): PeriodCheck {
  const from = fromInput.trim();
  const to = toInput.trim();
  const errors: { from?: string; to?: string } = {};
  if (from === '') errors.from = PERIOD_PROBLEM_TEXT.fromRequired;
  else if (!isIsoDate(from)) errors.from = PERIOD_PROBLEM_TEXT.fromInvalid;
  if (to === '') errors.to = PERIOD_PROBLEM_TEXT.toRequired;
  else if (!isIsoDate(to)) errors.to = PERIOD_PROBLEM_TEXT.toInvalid;
  if (errors.from || errors.to) return { ok: false, errors };
  const days = daysBetween(from, to) + 1;
  if (days < 1) return { ok: false, errors: { to: PERIOD_PROBLEM_TEXT.order } };
  if (days > limit.days) return { ok: false, errors: { to: limit.message } };
  return { ok: true, from, to };
}

/** The period the insight opens with: the last 365 clinic days, today included. */
export function defaultPeriod(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(today, -364), to: today };
}

/** The clinic month `today` is in, first day to last: the discounts report opens with it. */
export function monthPeriod(today: IsoDate): { from: IsoDate; to: IsoDate } {
  const month = monthOf(today);
  return { from: firstDateOfMonth(month), to: lastDateOfMonth(month) };
}
