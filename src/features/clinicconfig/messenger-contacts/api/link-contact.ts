import { useQueryClient } from '@tanstack/react-query';
import { RequestError, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { getCurrentLink } from './get-current-link';
import type { UnlinkedContact } from './get-unlinked-contacts';
import { contactKeys, readsPatients } from './query-keys';
import { LINK_PATIENT_COLUMNS, type LinkPatient } from './search-link-patients';

export interface ContactLink {
  psid: string;
  patientId: number;
  /** The patient's Messenger ID as the dialog showed it (and warned of replacing); null for none. */
  shownId: string | null;
}

/**
 * What a link found: the patient linked to the sender (by this or, meanwhile, elsewhere), or
 * nothing done, because the patient's Messenger ID is no longer the one the dialog showed (linked to
 * another sender or unlinked elsewhere meanwhile, docs/adr/0023-concurrent-edits.md): the row is the
 * patient as stored now, `contactName` who its Messenger ID belongs to.
 */
export type LinkOutcome =
  | { readonly linked: true; readonly row: LinkPatient }
  | { readonly linked: false; readonly row: LinkPatient; readonly contactName: string | null };

/**
 * Links a sender to a patient: the patient's messenger_id becomes the sender's page-scoped id
 * (a plain patients update under the patients policies), only while it is still the ID the dialog
 * showed (`shownId`), so a link made elsewhere meanwhile is never replaced without the warning; a
 * trigger then sets the contact's patient_id. Only a patient that is not deleted; a deleted one is
 * a 'gone' failure. A patient of the clinic already holding this id is refused with 23505
 * (patients_clinic_messenger_id_key).
 */
export async function linkContact(clinicId: number, { psid, patientId, shownId }: ContactLink): Promise<LinkOutcome> {
  const update = getSupabase()
    .from('patients')
    .update({ messenger_id: psid })
    .eq('id', patientId)
    .eq('clinic_id', clinicId)
    .eq('deleted', false);
  const rows = throwOnError(
    await (shownId === null ? update.is('messenger_id', null) : update.eq('messenger_id', shownId)).select(
      LINK_PATIENT_COLUMNS,
    ),
  );
  if (rows[0]) return { linked: true, row: rows[0] };
  const current = await getCurrentLink(clinicId, patientId);
  if (!current) throw new RequestError('gone');
  // Linked to this very sender elsewhere meanwhile: what was asked for is so.
  if (current.patient.messenger_id === psid) return { linked: true, row: current.patient };
  return { linked: false, row: current.patient, contactName: current.contactName };
}

/**
 * One link at a time per contact. A linked contact leaves the list; either way the contacts and
 * every patients read refresh (a link found changed was made elsewhere, and moved a contact too).
 */
export function useLinkContact(clinicId: number) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ psid }: ContactLink) => contactKeys.link(psid),
    mutationFn: (link: ContactLink) => linkContact(clinicId, link),
    onSuccess: async (outcome, { psid }) => {
      if (outcome.linked) forgetContact(queryClient, clinicId, psid);
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
