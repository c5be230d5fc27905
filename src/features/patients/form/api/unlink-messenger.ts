import { useQueryClient } from '@tanstack/react-query';
import { RequestError, requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';
import { getPatient } from './get-patient';

/**
 * What Unlink found: the patient unlinked (by this or, meanwhile, elsewhere), or nothing done,
 * because the patient is linked to another ID than the one shown (linked again elsewhere meanwhile, docs/adr/0023-concurrent-edits.md): the
 * row is the patient as stored now.
 */
export type UnlinkOutcome =
  | { readonly unlinked: true; readonly row: PatientListItem }
  | { readonly unlinked: false; readonly row: PatientListItem };

/**
 * Unlinks a patient from Messenger: messenger_id = null, nothing else (what the form holds unsaved
 * stays unsaved), only while it is still the ID shown (`psid`). A trigger then unlinks the
 * contact, which shows again in Clinic Config. A deleted patient is 'gone'.
 */
export async function unlinkMessenger(clinicId: number, patientId: number, psid: string): Promise<UnlinkOutcome> {
  const rows = throwOnError(
    await getSupabase()
      .from('patients')
      .update({ messenger_id: null })
      .eq('id', patientId)
      .eq('clinic_id', clinicId)
      .eq('deleted', false)
      .eq('messenger_id', psid)
      .select(PATIENT_LIST_COLUMNS),
  );
  if (rows[0]) return { unlinked: true, row: rows[0] };
  const current = await getPatient(clinicId, patientId);
  if (!current) throw new RequestError('gone');
  // Unlinked elsewhere meanwhile: what was asked for is so.
  return { unlinked: current.messenger_id === null, row: current };
}

/** One unlink at a time per patient; the list row follows, and the clinic's contacts are read again. */
export function useUnlinkMessenger(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: ({ patientId }: { patientId: number; psid: string }) => [
      ...patientKeys.update(patientId),
      'unlink-messenger',
    ],
    mutationFn: ({ patientId, psid }: { patientId: number; psid: string }) =>
      unlinkMessenger(clinicId, patientId, psid),
    onSuccess: ({ row, unlinked }) => {
      cache.put(row);
      if (unlinked) void queryClient.invalidateQueries({ queryKey: MESSENGER_CONTACTS_ROOT });
    },
    onError: (error) => {
      if (requestErrorOf(error).kind === 'gone') void cache.refresh();
    },
  });
}

/**
 * The first word of Clinic Config's Messenger contacts keys; features do not import each other's
 * keys, so an unlink refreshes that list through it.
 */
const MESSENGER_CONTACTS_ROOT = ['messenger-contacts'] as const;
