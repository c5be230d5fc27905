import { useQueryClient } from '@tanstack/react-query';
import { throwOnError, toRequestError } from '@/lib/request-error';
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

/**
 * The form's columns of one clinic, only while the clinic still holds what the form was opened
 * with (`opened`), so a save never undoes unseen what someone else saved meanwhile (a reminder time,
 * VAT-registered). Through `update_clinic_settings`, which takes both in the request body: the
 * address, e-mail and name as read would make the URL of a filtered update too long. The saved
 * row, or null when that matched nothing: the clinic was changed meanwhile, or is no longer the
 * caller's (../save-clinic-edit.ts reads it again to tell which).
 */
export async function updateClinic(
  clinicId: number,
  payload: ClinicPayload,
  opened: ClinicPayload,
): Promise<ClinicSettings | null> {
  const rows = throwOnError(
    await getSupabase()
      .rpc('update_clinic_settings', { p_clinic_id: clinicId, p_settings: payload, p_read: opened })
      .select(CLINIC_SETTINGS_COLUMNS),
  );
  return rows[0] ?? null;
}

export interface ClinicSave {
  payload: ClinicPayload;
  /** An existing clinic as the form was opened with it (or last brought up to date with); null for a new one. */
  opened: ClinicPayload | null;
}

/** Puts a clinic as read or saved into its settings and the clinics list (both selectors). */
export function useClinicCache() {
  const queryClient = useQueryClient();
  return {
    put(clinic: ClinicSettings) {
      queryClient.setQueryData(clinicKeys.detail(clinic.id), clinic);
      // In the list at once, so a selector that checks its choice against it keeps the clinic.
      queryClient.setQueryData<ClinicSummary[]>(clinicKeys.list(), (list) =>
        list ? withClinic(list, { id: clinic.id, name: clinic.name }) : list,
      );
    },
    refreshList: () => queryClient.invalidateQueries({ queryKey: clinicKeys.list() }),
  };
}

/**
 * Saves the form: adds a clinic (`clinicId` null) or updates one as it was opened. One save at a
 * time per form; a saved clinic goes into the caches and the clinics list is read again.
 */
export function useSaveClinic(clinicId: number | null) {
  const cache = useClinicCache();
  return useGuardedMutation({
    mutationKey: clinicKeys.save(clinicId ?? 'new'),
    mutationFn: async ({ payload, opened }: ClinicSave) => {
      if (clinicId === null) return addClinic(payload);
      if (opened === null) throw new Error('Ngiti: an update needs the clinic as the form opened it');
      return updateClinic(clinicId, payload, opened);
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      cache.put(saved);
      await cache.refreshList();
    },
  });
}
