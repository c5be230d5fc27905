import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { UnlinkedContact } from './get-unlinked-contacts';
import { contactKeys, readsPatients } from './query-keys';

export interface ContactLink {
  psid: string;
  patientId: number;
}

/**
 * Links a sender to a patient: the patient's messenger_id becomes the sender's page-scoped id
 * (a plain patients update under the patients policies); a trigger then sets the contact's
 * patient_id. Only a patient that is not deleted; none hit is a 'gone' failure. A patient of the
 * clinic already holding this id is refused with 23505 (patients_clinic_messenger_id_key).
 */
export async function linkContact(clinicId: number, { psid, patientId }: ContactLink) {
  return firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('patients')
        .update({ messenger_id: psid })
        .eq('id', patientId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .select('id, name, messenger_id'),
    ),
  );
}

/** One link at a time per contact; a linked contact leaves the list and every patients read refreshes. */
export function useLinkContact(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ psid }: ContactLink) => contactKeys.link(psid),
    mutationFn: (link: ContactLink) => linkContact(clinicId, link),
    onSuccess: async (_row, { psid }) => {
      forgetContact(queryClient, clinicId, psid);
      await refreshAfterLink(queryClient, clinicId);
    },
  });
}

type QueryClientLike = ReturnType<typeof useQueryClient>;

/** Takes the contact off the cached list at once (the next read agrees, once the trigger ran). */
export function forgetContact(queryClient: QueryClientLike, clinicId: number, psid: string) {
  queryClient.setQueryData<UnlinkedContact[]>(contactKeys.unlinked(clinicId), (list) =>
    list?.filter((contact) => contact.psid !== psid),
  );
}

/** Reads the contacts and every patients query again after a patient gained a Messenger ID. */
export function refreshAfterLink(queryClient: QueryClientLike, clinicId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.unlinked(clinicId) }),
    queryClient.invalidateQueries({ predicate: readsPatients }),
  ]);
}
