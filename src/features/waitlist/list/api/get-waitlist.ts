import { useQuery } from '@tanstack/react-query';
import type { WaitlistEntryRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import type { OfferSummary } from '../../model/entry-status';
import { waitlistKeys } from '../../model/query-keys';

export type WaitlistEntry = Pick<
  WaitlistEntryRow,
  | 'id'
  | 'clinic_id'
  | 'patient_id'
  | 'dentist_id'
  | 'from_date'
  | 'to_date'
  | 'preferred_weekdays'
  | 'preferred_from'
  | 'preferred_to'
  | 'note'
  | 'status'
  | 'created_at'
> & {
  patient: { name: string; phone: string | null; messenger_id: string | null } | null;
  dentist: { name: string } | null;
  offers: OfferSummary[];
};

const COLUMNS =
  'id, clinic_id, patient_id, dentist_id, from_date, to_date, preferred_weekdays, preferred_from, preferred_to, ' +
  'note, status, created_at, patient:patients(name, phone, messenger_id), dentist:dentists(name), offers:waitlist_offers(id, slot_time, status, created_at)';

/** Most entries a clinic lists at once: a waitlist longer than this is read in its first part. */
export const WAITLIST_PAGE = 500;

/**
 * The clinic's waitlist in waitlist order (created first; the id breaks ties), with each entry's
 * patient, dentist and offers. Booked and removed entries come too; the screen chooses.
 */
export async function getWaitlist(clinicId: number): Promise<WaitlistEntry[]> {
  const rows = throwOnError(
    await getSupabase()
      .from('waitlist_entries')
      .select(COLUMNS)
      .eq('clinic_id', clinicId)
      .order('created_at')
      .order('id')
      .limit(WAITLIST_PAGE),
  );
  return rows as unknown as WaitlistEntry[];
}

export function useWaitlist(clinicId: number) {
  return useQuery({ queryKey: waitlistKeys.entries(clinicId), queryFn: () => getWaitlist(clinicId) });
}
