/**
 * The clinic's calendar: the one place that turns instants into the clinic's dates and times and
 * back (date-fns with @date-fns/tz). Shared by the SPA and the notification service, so nothing
 * here touches Node or the DOM; every function takes the instant or `now` and the zone as
 * arguments and none reads the clock or the environment.
 */
export {
  DEFAULT_CLINIC_TIME_ZONE,
  clinicDateOf,
  clinicInstant,
  clinicToday,
  clinicWallClock,
  clinicWeekdayOf,
  isTimeZone,
  toClinicIso,
  toInstant,
  utcOffsetMinutes,
  type ClinicWallClock,
  type Instant,
} from './clinic-clock';
export { clinicYear } from './clinic-year';
export {
  dateLabel,
  dayLabel,
  formatClinicDate,
  formatClinicDateShort,
  formatClinicDateTime,
  formatClinicDateTimeLong,
  formatClinicDateTimeShort,
  formatClinicMonthDay,
  formatClinicTime,
  monthTitle,
  monthTitleShort,
  weekdayName,
  weekdayNames,
} from './format';
export {
  addDays,
  addMonths,
  compareIsoDates,
  datesOfWeek,
  daysBetween,
  daysInMonth,
  firstDateOfMonth,
  isIsoDate,
  isIsoMonth,
  isoDate,
  isoDatesBetween,
  isoMonth,
  lastDateOfMonth,
  monthOf,
  parseIsoDate,
  parseIsoMonth,
  weekdayOf,
  type DateParts,
  type IsoDate,
  type IsoMonth,
  type Weekday,
} from './iso-date';
export { monthGrid, type MonthGridDay } from './month-grid';
export {
  clinicDayRange,
  clinicDaysRange,
  clinicMonthRange,
  clinicWeekRange,
  clinicYearRange,
  isInRange,
  type InstantRange,
} from './ranges';
export { fromWallClockDate, toWallClockDate, wallClockDate, wallClockParts } from './wall-clock-dates';
export {
  minutesOfTime,
  parseWallTime,
  secondsOfTime,
  timeOfMinutes,
  twelveHourLabel,
  wallTime,
  type TimeParts,
  type WallTime,
} from './wall-time';
export { monthWeek, weekCount, weekOfMonth, weeksOfMonth, type MonthWeek } from './weeks';
