import { useQueryClient } from '@tanstack/react-query';
import { firstRowOrGone, requestErrorOf, throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { PATIENT_LIST_COLUMNS, type PatientListItem } from '../../model/api/patient-columns';
import { usePatientListCache } from '../../model/api/patient-list-cache';
import { patientKeys } from '../../model/query-keys';

/**
 * Unlinks a patient from Messenger: messenger_id = null, nothing else (what the form holds unsaved
 * stays unsaved). A trigger then unlinks the contact, which shows again in Clinic Config.
 */
export async function unlinkMessenger(clinicId: number, patientId: number): Promise<PatientListItem> {
  return firstRowOrGone(
    throwOnError(
      await getSupabase()
        .from('patients')
        .update({ messenger_id: null })
        .eq('id', patientId)
        .eq('clinic_id', clinicId)
        .eq('deleted', false)
        .select(PATIENT_LIST_COLUMNS),
    ),
  );
}

/** One unlink at a time per patient; the list row follows, and the clinic's contacts are read again. */
export function useUnlinkMessenger(clinicId: number) {
  const cache = usePatientListCache(clinicId);
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: (patientId: number) => [...patientKeys.update(patientId), 'unlink-messenger'],
    mutationFn: (patientId: number) => unlinkMessenger(clinicId, patientId),
    onSuccess: (row) => {
      cache.put(row);
      void queryClient.invalidateQueries({ queryKey: MESSENGER_CONTACTS_ROOT });
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
