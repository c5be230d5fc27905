import { useQueryClient } from '@tanstack/react-query';
import { invalidateInvoiceSplits } from '@/entities/invoice';
import { throwOnError } from '@/lib/request-error';
import { getSupabase } from '@/lib/supabase';
import { useGuardedMutation } from '@/lib/use-guarded-mutation';
import type { CoverageFields, HmoFields } from '../hmo-forms';
import { STORED_HMO_COLUMNS, type StoredHmo } from './get-hmos';
import { hmoKeys } from './query-keys';

// Money goes as a decimal string; the generated types call numeric columns numbers.
const asRow = (fields: HmoFields) => ({ ...fields, annual_limit: fields.annual_limit as unknown as number | null });

/** Adds an HMO to the clinic; admins only, as the database decides. */
export async function addHmo(clinicId: number, fields: HmoFields): Promise<StoredHmo> {
  return throwOnError(
    await getSupabase()
      .from('hmos')
      .insert({ ...asRow(fields), clinic_id: clinicId })
      .select(STORED_HMO_COLUMNS)
      .single()
      .overrideTypes<StoredHmo, { merge: false }>(),
  );
}

/**
 * Changes an HMO, only while it still holds what Edit HMO was opened with (`opened`, as read), so
 * a save never undoes unseen what someone else saved meanwhile: an annual limit or the active flag
 * decide who pays in Add Invoice. The saved row, or null when the update matched nothing: the HMO
 * was changed meanwhile or is gone (../save-hmo-edit.ts reads it again to tell which). Filters in
 * the URL suffice here: the longest, the name, is at most 100 characters.
 */
export async function updateHmo(
  clinicId: number,
  hmoId: number,
  fields: HmoFields,
  opened: HmoFields,
): Promise<StoredHmo | null> {
  const asStored = getSupabase()
    .from('hmos')
    .update(asRow(fields))
    .eq('id', hmoId)
    .eq('clinic_id', clinicId)
    .eq('name', opened.name)
    .eq('claim_deadline_days', opened.claim_deadline_days)
    .eq('active', opened.active);
  // The limit as the database wrote it ('30000.00'), compared as numeric there.
  const rows = throwOnError(
    await (
      opened.annual_limit === null
        ? asStored.is('annual_limit', null)
        : asStored.eq('annual_limit', opened.annual_limit as unknown as number)
    )
      .select(STORED_HMO_COLUMNS)
      .overrideTypes<StoredHmo[], { merge: false }>(),
  );
  return rows[0] ?? null;
}

/**
 * An HMO or what it covers changed: the HMO list is read again, and so is who pays in Add Invoice
 * (its contracted prices, percentages, annual limit and whether it is active make the split).
 */
function useRefreshHmos(clinicId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: hmoKeys.all }),
      invalidateInvoiceSplits(queryClient, clinicId),
    ]);
}

export function useAddHmo(clinicId: number) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: hmoKeys.save(clinicId, 'new'),
    mutationFn: (fields: HmoFields) => addHmo(clinicId, fields),
    onSuccess: refresh,
  });
}

export interface HmoUpdate {
  hmoId: number;
  fields: HmoFields;
  /** The HMO as Edit HMO was opened with it (or last brought up to date with). */
  opened: HmoFields;
}

/** One save at a time per HMO; the lists are read again after it, whether it wrote or found the HMO changed. */
export function useUpdateHmo(clinicId: number) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: ({ hmoId }: HmoUpdate) => hmoKeys.save(clinicId, hmoId),
    mutationFn: ({ hmoId, fields, opened }: HmoUpdate) => updateHmo(clinicId, hmoId, fields, opened),
    onSuccess: refresh,
  });
}

export function useAddCoverage(clinicId: number, hmoId: number) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: hmoKeys.addCoverage(hmoId),
    mutationFn: async (fields: CoverageFields) =>
      throwOnError(
        await getSupabase()
          .from('hmo_coverages')
          .insert({
            clinic_id: clinicId,
            hmo_id: hmoId,
            procedure_id: fields.procedure_id,
            contracted_price: fields.contracted_price as unknown as number | null,
            covered_percent: fields.covered_percent as unknown as number | null,
          })
          .select('id')
          .single(),
      ),
    onSuccess: refresh,
  });
}

export function useRemoveCoverage(clinicId: number) {
  const refresh = useRefreshHmos(clinicId);
  return useGuardedMutation({
    mutationKey: (coverageId: number) => hmoKeys.removeCoverage(coverageId),
    mutationFn: async (coverageId: number) =>
      throwOnError(await getSupabase().from('hmo_coverages').delete().eq('id', coverageId).eq('clinic_id', clinicId)),
    onSuccess: refresh,
  });
}
