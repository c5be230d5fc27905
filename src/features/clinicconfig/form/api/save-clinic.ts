import { useQueryClient } from '@tanstack/react-query';
import { toRequestError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import { CLINIC_SETTINGS_COLUMNS, type ClinicSettings } from '../../model/api/get-clinic';
import type { ClinicSummary } from '../../model/api/get-clinics';
import type { ClinicPayload } from '../../model/clinic-form';
import { clinicKeys } from '../../model/query-keys';

/** The list with `clinic` added or renamed, by name as the list is read. */
export function withClinic(list: readonly ClinicSummary[], clinic: ClinicSummary): ClinicSummary[] {
  return [...list.filter((entry) => entry.id !== clinic.id), clinic].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id,
  );
}

/** A new clinic (superadmin only; RLS refuses anyone else): insert the form's row, returning it. */
export async function addClinic(payload: ClinicPayload): Promise<ClinicSettings> {
  const answer = await getSupabase().from('clinics').insert(payload).select(CLINIC_SETTINGS_COLUMNS).single();
  if (answer.error) throw toRequestError(answer.error, answer.status);
  return answer.data;
}

/** The form's columns of one clinic, by id; a clinic the caller cannot reach updates nothing: 'gone'. */
export async function updateClinic(clinicId: number, payload: ClinicPayload): Promise<ClinicSettings> {
  const answer = await getSupabase()
    .from('clinics')
    .update(payload)
    .eq('id', clinicId)
    .select(CLINIC_SETTINGS_COLUMNS)
    .single();
  if (answer.error) throw toRequestError(answer.error, answer.status, { noRowIsGone: true });
  return answer.data;
}

/**
 * Saves the form: adds a clinic (`clinicId` null) or updates one. One save at a time per form; the
 * clinics list (both selectors) and the clinic's settings are read again afterwards.
 */
export function useSaveClinic(clinicId: number | null) {
  const queryClient = useQueryClient();
  return useGuardedMutation({
    mutationKey: clinicKeys.save(clinicId ?? 'new'),
    mutationFn: (payload: ClinicPayload) => (clinicId === null ? addClinic(payload) : updateClinic(clinicId, payload)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(clinicKeys.detail(saved.id), saved);
      // In the list at once, so a selector that checks its choice against it keeps the new clinic.
      queryClient.setQueryData<ClinicSummary[]>(clinicKeys.list(), (list) =>
        list ? withClinic(list, { id: saved.id, name: saved.name }) : list,
      );
      await queryClient.invalidateQueries({ queryKey: clinicKeys.list() });
    },
  });
}
