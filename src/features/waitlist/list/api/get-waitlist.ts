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

/** Most booked and removed entries a clinic lists (the newest); open entries are always all listed. */
export const WAITLIST_HISTORY = 500;

const byWaitlistOrder = (a: WaitlistEntry, b: WaitlistEntry) =>
  a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1;

/**
 * The clinic's waitlist in waitlist order (created first; the id breaks ties), with each entry's
 * patient, dentist and offers: every open entry (waiting or offered), and the newest booked and
 * removed ones, which the screen shows on request. Read apart, so years of past entries never
 * push a new one off the list.
 */
export async function getWaitlist(clinicId: number): Promise<WaitlistEntry[]> {
  const entries = () => getSupabase().from('waitlist_entries').select(COLUMNS).eq('clinic_id', clinicId);
  const [open, closed] = await Promise.all([
    entries().in('status', ['waiting', 'offered']).order('created_at').order('id'),
    entries()
      .in('status', ['booked', 'removed'])
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(WAITLIST_HISTORY),
  ]);
  const rows = [...throwOnError(open), ...throwOnError(closed)] as unknown as WaitlistEntry[];
  return rows.sort(byWaitlistOrder);
}

export function useWaitlist(clinicId: number) {
  return useQuery({ queryKey: waitlistKeys.entries(clinicId), queryFn: () => getWaitlist(clinicId) });
}
