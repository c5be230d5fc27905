/**
 * The Reports tab's date inputs, checked before anything is sent (the database checks again):
 * a day for the day sheet, a period of clinic days for the no-show insight. Pure.
 */
import { addDays, daysBetween, isIsoDate, type IsoDate } from '@common/clinic-calendar';
import { PERIOD_PROBLEM_TEXT } from './messages';

/** The longest period, as no_show_insight allows it: 731 clinic days (two years with a leap day). */
export const MAX_PERIOD_DAYS = 731;

export type DayCheck = { ok: true; day: IsoDate } | { ok: false; message: string };

export function checkDay(input: string): DayCheck {
  const day = input.trim();
  if (day === '') return { ok: false, message: PERIOD_PROBLEM_TEXT.dayRequired };
  if (!isIsoDate(day)) return { ok: false, message: PERIOD_PROBLEM_TEXT.dayInvalid };
  return { ok: true, day };
}

export type PeriodCheck =
  { ok: true; from: IsoDate; to: IsoDate } | { ok: false; errors: { from?: string; to?: string } };

export function checkPeriod(fromInput: string, toInput: string): PeriodCheck {
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
  if (days > MAX_PERIOD_DAYS) return { ok: false, errors: { to: PERIOD_PROBLEM_TEXT.tooLong } };
  return { ok: true, from, to };
}

/** The period the insight opens with: the last 365 clinic days, today included. */
export function defaultPeriod(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDays(today, -364), to: today };
}
