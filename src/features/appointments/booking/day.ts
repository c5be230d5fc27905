/**
 * One clinic date as a range of instants, for reading a day's appointments: from the clinic's
 * midnight starting the date to the clinic's midnight after it (right whatever the browser's
 * zone, and across daylight-saving changes in zones that have them).
 */
import { clinicInstant } from '../model/clinic-clock';
import { addDays, type IsoDate } from '../model/dates';

export interface ClinicDayRange {
  /** ISO instant (UTC) of the clinic's midnight starting `date`, inclusive. */
  readonly start: string;
  /** ISO instant (UTC) of the clinic's next midnight, exclusive. */
  readonly end: string;
}

export function clinicDayRange(date: IsoDate, timeZone: string): ClinicDayRange {
  return {
    start: clinicInstant(date, '00:00', timeZone).toISOString(),
    end: clinicInstant(addDays(date, 1), '00:00', timeZone).toISOString(),
  };
}
