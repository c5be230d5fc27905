import { useQuery, type QueryClient } from '@tanstack/react-query';
import { clinicDayRange, type IsoDate } from '@common/clinic-calendar';
import type { AppointmentRow, DentistAvailabilityRow } from '@/lib/database.types';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { withTimeout } from '@/lib/with-timeout';
import { appointmentKeys } from '../../model/query-keys';
import { isClosedDay } from '../../model/slots';

export type DayAppointment = Pick<AppointmentRow, 'id' | 'appointment_time' | 'patient_id' | 'reason' | 'status'>;
export type DayBlock = Pick<
  DentistAvailabilityRow,
  'id' | 'specific_date' | 'start_time' | 'end_time' | 'is_available'
>;

/** What the slot grid needs for one dentist on one clinic date. */
export interface DentistDay {
  readonly appointments: readonly DayAppointment[];
  readonly blocks: readonly DayBlock[];
}

/** A check before saving waits this long for an answer, then counts as a connection failure. */
export const CHECK_TIMEOUT_MS = 15_000;

/**
 * The dentist's non-deleted appointments of that clinic date (read by dentist for
 * booked slots) and their blocked periods of that date (dentist_availability, is_available false,
 * specific_date), read together. `retry: false` turns off postgrest-js's retries of a failed
 * connection (1 s, 2 s, 4 s).
 */
export async function getDentistDay(
  clinicId: number,
  dentistId: number,
  date: IsoDate,
  timeZone: string,
  options: { retry?: boolean } = {},
): Promise<DentistDay> {
  const retry = options.retry ?? true;
  const day = clinicDayRange(date, timeZone);
  const [appointments, blocks] = await Promise.all([
    getSupabase()
      .from('appointments')
      .select('id, appointment_time, patient_id, reason, status')
      .eq('clinic_id', clinicId)
      .eq('dentist_id', dentistId)
      .eq('deleted', false)
      .gte('appointment_time', day.start.toISOString())
      .lt('appointment_time', day.end.toISOString())
      .order('appointment_time')
      .retry(retry),
    getSupabase()
      .from('dentist_availability')
      .select('id, specific_date, start_time, end_time, is_available')
      .eq('clinic_id', clinicId)
      .eq('dentist_id', dentistId)
      .eq('is_available', false)
      .eq('specific_date', date)
      .order('start_time')
      .retry(retry),
  ]);
  if (appointments.error) throw toRequestError(appointments.error, appointments.status);
  if (blocks.error) throw toRequestError(blocks.error, blocks.status);
  return { appointments: appointments.data, blocks: blocks.data };
}

function dentistDayQuery(clinicId: number, dentistId: number, date: IsoDate, timeZone: string, retry = true) {
  return {
    queryKey: appointmentKeys.dentistDay(clinicId, dentistId, date),
    queryFn: () => withTimeout(getDentistDay(clinicId, dentistId, date, timeZone, { retry }), CHECK_TIMEOUT_MS),
  };
}

/**
 * The grid's data. Live updates refresh it by invalidating appointmentKeys.dentistDays() (or
 * this day's key); nothing is read for a closed day.
 */
export function useDentistDay(clinicId: number, dentistId: number | null, date: IsoDate | null, timeZone: string) {
  const enabled = dentistId !== null && date !== null && !isClosedDay(date);
  return useQuery({
    ...dentistDayQuery(clinicId, dentistId ?? -1, date ?? '', timeZone),
    enabled,
    staleTime: 0,
    // The dashboard turns this off; coming back to the tab is when the grid is most likely stale.
    refetchOnWindowFocus: true,
  });
}

/**
 * Reads the day again for the check before saving; the grid shows the fresh answer too. No
 * retries: a connection failure is reported at once ('Could not validate appointment…').
 */
export function fetchFreshDentistDay(
  queryClient: QueryClient,
  clinicId: number,
  dentistId: number,
  date: IsoDate,
  timeZone: string,
): Promise<DentistDay> {
  return queryClient.fetchQuery({
    ...dentistDayQuery(clinicId, dentistId, date, timeZone, false),
    staleTime: 0,
    retry: false,
  });
}
