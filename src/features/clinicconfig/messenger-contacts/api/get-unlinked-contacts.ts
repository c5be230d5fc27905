import { useQuery } from '@tanstack/react-query';
import type { MessengerContactRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { CONTACTS_LIMIT } from '../contact-display';
import { contactKeys } from './query-keys';

export type UnlinkedContact = Pick<
  MessengerContactRow,
  'page_id' | 'psid' | 'display_name' | 'profile_pic_url' | 'first_message' | 'first_message_at' | 'last_inbound_at'
>;

const CONTACT_COLUMNS =
  'page_id, psid, display_name, profile_pic_url, first_message, first_message_at, last_inbound_at';

/**
 * The clinic's senders not linked to a patient, the latest writer first; one more than the
 * section lists, so it knows there are others.
 */
export async function getUnlinkedContacts(clinicId: number): Promise<UnlinkedContact[]> {
  return throwOnError(
    await getSupabase()
      .from('messenger_contacts')
      .select(CONTACT_COLUMNS)
      .eq('clinic_id', clinicId)
      .is('patient_id', null)
      .order('last_inbound_at', { ascending: false, nullsFirst: false })
      .order('psid')
      .limit(CONTACTS_LIMIT + 1),
  );
}

export function useUnlinkedContacts(clinicId: number) {
  return useQuery({
    queryKey: contactKeys.unlinked(clinicId),
    queryFn: () => getUnlinkedContacts(clinicId),
  });
}
