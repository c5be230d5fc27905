import { useQuery } from '@tanstack/react-query';
import type { MessengerContactRow } from '@/lib/database.types';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { patientKeys } from '../../model/query-keys';

export type LinkedContact = Pick<MessengerContactRow, 'display_name' | 'profile_pic_url'>;

/**
 * Who a patient's Messenger ID belongs to, as the clinic's page knows them: the contact with that
 * page-scoped id (the most recent writer if the clinic's page changed), or null when nobody with
 * it has written to the page (an ID typed by hand).
 */
export async function getMessengerContact(clinicId: number, psid: string): Promise<LinkedContact | null> {
  const rows = throwOnError(
    await getSupabase()
      .from('messenger_contacts')
      .select('display_name, profile_pic_url')
      .eq('clinic_id', clinicId)
      .eq('psid', psid)
      .order('last_inbound_at', { ascending: false, nullsFirst: false })
      .limit(1),
  );
  return rows[0] ?? null;
}

export function useMessengerContact(clinicId: number, psid: string | null) {
  return useQuery({
    queryKey: patientKeys.messengerContact(clinicId, psid ?? ''),
    queryFn: () => getMessengerContact(clinicId, psid!),
    enabled: psid !== null,
  });
}
